// What makes an integration method unusable as saved (docs/rules.md, Login approval): the server refuses it, and the
// Methods dialog marks the same fields before anything is sent.
import type { IntegrationMethod } from './client-settings.ts';

type MethodRuleFields = Pick<
  IntegrationMethod,
  'methodType' | 'passingParameterMethod' | 'requestBody' | 'parameterName' | 'headerName' | 'headerValue'
>;
export type MethodProblems = Partial<Record<keyof MethodRuleFields, string>>;

/** The header name is an HTTP token (RFC 9110, 5.6.2). */
const headerToken = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/**
 * Headers that frame the message or belong to one connection: a method setting one would break its own call
 * (`Expect: 100-continue` holds the body back until the directory answers 100, which the check never waits for).
 */
const framingHeaders = new Set([
  'content-length',
  'transfer-encoding',
  'expect',
  'host',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
]);

/** Whether a method's header would frame its call or belong to the connection (refused when a method is saved). */
export const framesTheCall = (name: string) => {
  const lower = name.toLowerCase();
  return framingHeaders.has(lower) || lower.startsWith('proxy-');
};

function headerNameProblem(name: string): string | undefined {
  if (!headerToken.test(name)) return 'Header name is not a valid HTTP header name';
  if (framesTheCall(name))
    return `Header name cannot be ${name}: it frames the request or belongs to the connection, so the call would break`;
  return undefined;
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** Each field's problem, in the order the server names the first. */
export function methodProblems(fields: MethodRuleFields): MethodProblems {
  const { methodType, passingParameterMethod } = fields;
  const problems: MethodProblems = {};
  if (methodType === 'GET' && (passingParameterMethod === 'form-data' || passingParameterMethod === 'JSON body'))
    problems.passingParameterMethod = `A GET method cannot send the login as ${passingParameterMethod}`;
  if (fields.requestBody.trim() && !isJsonObject(fields.requestBody))
    problems.requestBody = 'Request body must be a JSON object';
  if (passingParameterMethod !== 'login in path' && !fields.parameterName.trim())
    problems.parameterName = 'Parameter name is required';
  const headerName = fields.headerName.trim() && headerNameProblem(fields.headerName.trim());
  if (headerName) problems.headerName = headerName;
  if (/[\r\n\0]/.test(fields.headerValue)) problems.headerValue = 'Header value must be on one line';
  // Neither name nor value may break a header line; a value holds only what HTTP carries (Node sends nothing else).
  else if (/[^\t\x20-\x7e\xa0-\xff]/.test(fields.headerValue))
    problems.headerValue =
      'Header value may hold only tabs, printable ASCII and Latin-1 characters (no emoji, no control characters)';
  return problems;
}
