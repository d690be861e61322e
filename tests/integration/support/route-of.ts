// The route a security probe sends its raw request to: the contract's path, as the test client names it.
import type { Contract } from '#domain/contracts/contract.ts';

export const routeOf = (contract: Contract) => contract.path.slice('/Services'.length);
