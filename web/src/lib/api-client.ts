import { type Contract, isRead, type RequestOf, type ResponseOf } from '#domain/contracts/contract.ts';
import { inputParams } from '#domain/contracts/input-params.ts';
import { requestKey } from './request-keys';
import { noteServerTime } from './server-clock';
import { endSession, getSessionId, getToken } from './session';

const fallbackMessage = 'An error occurred!';

export interface CallOptions {
  /** Sent without the Bearer token, and a 401 then means bad credentials, not an ended session. */
  anonymous?: boolean;
  /** Sent with this token instead of the session's (a session already ended): its 401 ends no session. */
  token?: string;
  signal?: AbortSignal;
}

/** A failed call: `message` is the text to show the user, `status` is 0 when the server was not reached. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string | undefined;
  /** What the refusal names besides its message (e.g. the open job of a 409 JOB_RUNNING). */
  readonly details: unknown;
  /** The seconds the answer's Retry-After asks to wait before trying again (a 429 or 503). */
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, status: number, code?: string, details?: unknown, retryAfterSeconds?: number) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A failure that may pass by itself: the server was not reached, or it was busy (503) and asks to try again. */
export const isTransient = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 0 || error.status === 503);

/**
 * A failed read a later one may answer: the server not reached or busy (isTransient), too many asked (429), or a
 * gateway that lost the function (502, 504). A 500 is a fault that would answer the same.
 */
export const mayAnswerLater = (error: unknown): error is ApiError =>
  isTransient(error) || (error instanceof ApiError && [429, 502, 504].includes(error.status));

/** The refusals of an edit made from an older read: another edit of the row came since (409), or it or its client is gone (404). */
const changedMeanwhileCodes = new Set([
  'USER_CHANGED',
  'ROLE_CHANGED',
  'PRIZE_CHANGED',
  'METHOD_CHANGED',
  'CLIENT_CHANGED',
  'TEAM_CHANGED',
  'CLIENT_SPORT_CHANGED',
  'SPORT_CHANGED',
  'SCHEDULE_CHANGED',
  'UNKNOWN_USER',
  'ROLE_NOT_FOUND',
  'UNKNOWN_PRIZE',
  'UNKNOWN_METHOD',
  'UNKNOWN_CLIENT_SPORT',
  'UNKNOWN_CLIENT',
  'CLIENT_NOT_FOUND',
  'UNKNOWN_SCHEDULE',
  'UNKNOWN_ANNOUNCEMENT',
]);

/**
 * Whether an edit was refused because another edit of its row came since its read, or the row (or its client) is
 * gone: its form is closed, so it opens again on the list the refusal made the page read again (useContractMutation).
 * Forms ask it of their edits only: a create refused for a client gone, or an edit whose user's role must be chosen
 * again, keeps what was typed.
 */
export const isChangedMeanwhile = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  (error.status === 404 || error.status === 409) &&
  changedMeanwhileCodes.has(error.code ?? '');

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function buildUrl(contract: Contract, input: unknown): string {
  const search = contract.input === 'query' ? inputParams(input).toString() : '';
  return `${contract.path}${search ? `?${search}` : ''}`;
}

function buildBody(contract: Contract, input: unknown, headers: Headers): BodyInit | undefined {
  // fetch sets the form content type (with charset) itself for URLSearchParams.
  if (contract.input === 'form') return inputParams(input);
  if (contract.input === 'json') {
    headers.set('Content-Type', 'application/json');
    return JSON.stringify(input);
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

/** Retry-After in seconds; its date form (which our server never sends) is ignored. */
function retryAfterOf(response: Response): number | undefined {
  const header = response.headers.get('Retry-After');
  return header !== null && /^\d+$/.test(header.trim()) ? Number(header) : undefined;
}

async function toApiError(response: Response): Promise<ApiError> {
  const payload = await readBody(response);
  const text = typeof payload === 'string' && payload.trim() ? payload : undefined;
  const record = isRecord(payload) ? payload : {};
  const message = text ?? (typeof record.error === 'string' && record.error ? record.error : fallbackMessage);
  const code = typeof record.code === 'string' ? record.code : undefined;
  return new ApiError(message, response.status, code, record.details, retryAfterOf(response));
}

/** The last answer of each conditional read (by caller, method, address and form) with its ETag. */
const remembered = new Map<string, { etag: string; payload: unknown }>();
const rememberedAnswers = 50;

/** A read that revalidates asks with the ETag it last saw; a 304 answers what it answered then. */
function revalidation(contract: Contract, url: string, body: BodyInit | undefined, token: string | null) {
  if (!contract.revalidates) return undefined;
  const key = `${token ?? ''} ${contract.method} ${url} ${typeof body === 'string' || body instanceof URLSearchParams ? String(body) : ''}`;
  // The answer the ETag sent names: a 304 answers it, whatever is kept or forgotten meanwhile.
  const kept = remembered.get(key);
  return {
    etag: kept?.etag,
    cached: () => kept?.payload,
    remember(response: Response, payload: unknown) {
      const etag = response.headers.get('ETag');
      if (!etag) return;
      remembered.delete(key);
      remembered.set(key, { etag, payload });
      if (remembered.size > rememberedAnswers) remembered.delete(remembered.keys().next().value!);
    },
  };
}

/**
 * How long a call waits for its answer, body and all: past API Gateway's 30 s no answer comes, and a connection that
 * dropped silently (a phone between cells) would otherwise keep a form busy for minutes. Then it failed unanswered
 * (status 0). A big body (a users CSV) gets a second more for every 100 kB it sends, for a slow upload.
 */
export const answerWaitMs = 35_000;
const uploadBytesPerMs = 100;

/** The call's signal: the caller's, or the answer wait running out. */
function answerWait(signal: AbortSignal | undefined, bodyChars: number) {
  const controller = new AbortController();
  const stop = () => controller.abort();
  const timer = setTimeout(stop, answerWaitMs + bodyChars / uploadBytesPerMs);
  signal?.addEventListener('abort', stop, { once: true });
  if (signal?.aborted) stop();
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
    },
  };
}

/** Calls the API as the contract says (method, path, form, JSON or query); the answer has the contract's type. */
async function call<C extends Contract>(
  contract: C,
  input: RequestOf<C>,
  options: CallOptions = {},
): Promise<ResponseOf<C>> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = options.anonymous ? null : (options.token ?? getToken());
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const body = buildBody(contract, input, headers);
  const url = buildUrl(contract, input);
  const conditional = revalidation(contract, url, body, token);
  if (conditional?.etag) headers.set('If-None-Match', conditional.etag);
  const textBody = body === undefined || typeof body === 'string' || body instanceof URLSearchParams;
  // A signed-in user's change: the server keeps no other's, and none whose input holds a secret (a password), which is
  // not kept here either (an anonymous sign-in or sign-up holds one too).
  const session = options.token ?? (token && getSessionId());
  const change =
    isRead(contract) || contract.secret === 'input' || !session
      ? undefined
      : requestKey(textBody ? `${session} ${contract.method} ${url} ${String(body ?? '')}` : undefined);
  if (change) headers.set('Idempotency-Key', change.key);

  const sentAt = Date.now();
  const wait = answerWait(options.signal, textBody ? String(body ?? '').length : 0);
  // No answer, one cut off mid-body, or the wait run out: unanswered (status 0), and it may have gone through.
  const unanswered = (error: unknown): never => {
    change?.settle(0);
    if (options.signal?.aborted) throw error;
    throw new ApiError(fallbackMessage, 0);
  };
  try {
    const response = await fetch(url, { method: contract.method, headers, body, signal: wait.signal }).catch(
      unanswered,
    );
    noteServerTime(response.headers, sentAt, Date.now());
    if (response.status === 304 && conditional) return conditional.cached() as ResponseOf<C>;
    if (!response.ok) {
      // Only the session this call was sent in: one begun since (a renewed token, another tab's sign-in) stays.
      if (response.status === 401 && !options.anonymous && options.token === undefined && getToken() === token)
        endSession();
      const error = await toApiError(response).catch(unanswered);
      change?.settle(error.status, error.code);
      throw error;
    }
    const payload = await readBody(response).catch(unanswered);
    change?.settle(response.status);
    conditional?.remember(response, payload);
    return payload as ResponseOf<C>;
  } finally {
    wait.done();
  }
}

/** The file name a download's Content-Disposition gives, or the fallback. */
const fileNameOf = (response: Response, fallback: string) =>
  /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallback;

/** Fetches a file answer (a CSV download) as the contract says; a refusal is an ApiError as with `call`. */
async function download<C extends Contract>(
  contract: C,
  input: RequestOf<C>,
): Promise<{ blob: Blob; fileName: string }> {
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  const sentAt = Date.now();
  try {
    response = await fetch(buildUrl(contract, input), { method: contract.method, headers });
  } catch {
    throw new ApiError(fallbackMessage, 0);
  }
  noteServerTime(response.headers, sentAt, Date.now());
  if (!response.ok) {
    if (response.status === 401 && getToken() === token) endSession();
    throw await toApiError(response);
  }
  return { blob: await response.blob(), fileName: fileNameOf(response, 'download') };
}

export const api = { call, download };
