import { endSession, getToken } from './session';

const baseUrl = '/Services';
const fallbackMessage = 'An error occurred!';

type FieldValue = string | number | boolean;

export interface RequestOptions {
  /** Query string parameters; null and undefined are left out. */
  query?: Record<string, FieldValue | null | undefined>;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, FieldValue>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent without the Bearer token, and a 401 then means bad credentials, not an ended session. */
  anonymous?: boolean;
  signal?: AbortSignal;
}

/** A failed call: `message` is the text to show the user (spec §8), `status` is 0 when the server was not reached. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string | undefined;

  constructor(message: string, status: number, code?: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.append(name, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

function buildBody(options: RequestOptions, headers: Headers): BodyInit | undefined {
  if (options.form) {
    // fetch sets the form content type (with charset) itself for URLSearchParams.
    return new URLSearchParams(Object.entries(options.form).map(([name, value]) => [name, String(value)]));
  }
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    return JSON.stringify(options.json);
  }
  return undefined;
}

// Only JSON and plain text are meaningful; anything else (a proxy's HTML error page) is ignored.
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  const type = response.headers.get('Content-Type') ?? '';
  if (!text) return undefined;
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }
  return type.startsWith('text/plain') ? text : undefined;
}

function toApiError(status: number, payload: unknown): ApiError {
  if (typeof payload === 'string' && payload.trim()) return new ApiError(payload, status);
  if (isRecord(payload)) {
    const message = typeof payload.error === 'string' && payload.error ? payload.error : fallbackMessage;
    return new ApiError(message, status, typeof payload.code === 'string' ? payload.code : undefined);
  }
  return new ApiError(fallbackMessage, status);
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = options.anonymous ? null : getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const body = buildBody(options, headers);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { method, headers, body, signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(fallbackMessage, 0);
  }

  const payload = await readBody(response);
  if (!response.ok) {
    if (response.status === 401 && !options.anonymous) endSession();
    throw toApiError(response.status, payload);
  }
  return payload as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'form' | 'json'>) => request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'form' | 'json'>) => request<T>('DELETE', path, options),
};
