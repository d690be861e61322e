// What a client keeps besides its users and roles: prizes and integration methods (docs/rules.md, Login approval).

export interface Prize {
  id: number;
  clientId: number;
  name: string;
  /** A non-negative amount, at most two decimals. */
  cost: number;
  active: boolean;
  /** Set when the prize is deleted; it leaves the lists. */
  archivedAt?: string;
  /** Raised by every edit (none yet: 0); an edit names the version it was made from (docs/rules.md, Prizes). */
  version?: number;
}

/** The one purpose the product knows: the client's own system approves each new login. */
export const loginCheckPurpose = 'checking if a login is allowed to be used';

/** How often one address may have a client's system asked about logins (sign-up's check and sign-up itself). */
export const loginChecksPerWindow = 20;
export const loginCheckWindowMs = 60_000;

export const methodTypes = ['GET', 'POST', 'PUT'] as const;
export type MethodType = (typeof methodTypes)[number];

/** How the login travels to the client's system. */
export const passingParameterMethods = ['form-data', 'query', 'JSON body', 'login in path'] as const;
export type PassingParameterMethod = (typeof passingParameterMethods)[number];

export interface IntegrationMethod {
  id: number;
  clientId: number;
  methodPurpose: typeof loginCheckPurpose;
  methodType: MethodType;
  passingParameterMethod: PassingParameterMethod;
  url: string;
  /** The name the login is sent under (form field, query parameter or JSON property). */
  parameterName: string;
  /** A JSON object sent along with the login (JSON body only). */
  requestBody: string;
  headerName: string;
  /** A secret: never logged, and answered only to callers who may edit the method. */
  headerValue: string;
  /** Raised by every edit (none yet: 0); an edit names the version it was made from (docs/rules.md, Login approval). */
  version?: number;
}
