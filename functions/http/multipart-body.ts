// Reads multipart/form-data bodies into fields, the way a form body is read: `name` gives a value,
// `name[]` or `name[0]` a list. Routes take fields only, so a file part is refused, and so is every
// malformed body (no boundary, a part without a name, a truncated part, too many or too large parts):
// each becomes a 400, never an exception escaping the parser.
import Busboy from '@fastify/busboy';
import type middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ValidationError } from '#domain/errors.ts';

const maxBodyBytes = 1024 * 1024;
const limits = { fieldNameSize: 100, fieldSize: 256 * 1024, fields: 1000, parts: 1000, files: 0, headerPairs: 20 };

const unreadable = (why: string) => new ValidationError(`The form data could not be read: ${why}`);

type Fields = Record<string, string | string[]>;

function addField(fields: Fields, name: string, value: string) {
  const open = name.endsWith(']') ? name.lastIndexOf('[') : -1;
  if (open < 1) {
    fields[name] = value;
    return;
  }
  const key = name.slice(0, open);
  const existing = fields[key];
  fields[key] = existing === undefined ? [value] : [...[existing].flat(), value];
}

export function parseMultipart(body: Buffer, contentType: string): Promise<Fields> {
  return new Promise((resolve, reject) => {
    const fields: Fields = Object.create(null);
    let settled = false;
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      reject(unreadable(why));
    };
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({ headers: { 'content-type': contentType }, limits });
    } catch (error) {
      return fail(error instanceof Error ? error.message : 'bad content type');
    }
    parser
      .on('field', (name: string | undefined, value: string, nameTruncated: boolean, valueTruncated: boolean) => {
        if (!name) return fail('a part has no name');
        if (nameTruncated || valueTruncated) return fail(`the part '${name.slice(0, 100)}' is too large`);
        addField(fields, name, value);
      })
      .on('file', (_name: string, stream: NodeJS.ReadableStream) => {
        stream.resume();
        fail('files are not accepted');
      })
      .on('partsLimit', () => fail('too many parts'))
      .on('fieldsLimit', () => fail('too many fields'))
      .on('filesLimit', () => fail('files are not accepted'))
      .on('error', (error: unknown) => fail(error instanceof Error ? error.message : 'malformed body'))
      .on('finish', () => {
        if (settled) return;
        settled = true;
        resolve(fields);
      });
    try {
      parser.end(body);
    } catch (error) {
      fail(error instanceof Error ? error.message : 'malformed body');
    }
  });
}

/** Middy middleware: a multipart/form-data event body becomes its fields; other bodies pass untouched. */
export function multipartBody(): middy.MiddlewareObj<APIGatewayProxyEventV2> {
  return {
    before: async (request) => {
      const event = request.event as Omit<APIGatewayProxyEventV2, 'body'> & { body?: unknown };
      const contentType = event.headers?.['content-type'] ?? '';
      if (!/^multipart\/form-data\b/i.test(contentType)) return;
      if (typeof event.body !== 'string') throw unreadable('the body is empty');
      const body = Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
      if (body.length > maxBodyBytes) throw unreadable('the body is larger than 1 MB');
      event.body = await parseMultipart(body, contentType);
    },
  };
}
