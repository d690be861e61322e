// The EventBridge Scheduler API answered locally (CreateSchedule, UpdateSchedule, DeleteSchedule, GetSchedule,
// ListSchedules: the REST-JSON calls of @aws-sdk/client-scheduler), reached through AWS_ENDPOINT_URL_SCHEDULER.
// Its schedules fire the jobs function at their cron times, computed with croner from the stack's clock (so
// PICKEM_NOW moves them too); each due time fires once, and when the clock jumps over several due times of a
// schedule only the latest fires, as a schedule does not catch up on runs it missed. The stack also puts here the
// schedules the CDK app deploys (the minute's maintenance).
import { Cron } from 'croner';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Faults, listenerWithFaults } from './faults.ts';

interface StoredSchedule {
  Name: string;
  GroupName: string;
  ScheduleExpression: string;
  ScheduleExpressionTimezone?: string;
  State: 'ENABLED' | 'DISABLED';
  FlexibleTimeWindow?: { Mode: string };
  Target: { Arn: string; RoleArn: string; Input?: string };
  CreationDate: number;
  LastModificationDate: number;
  /** Due times up to this instant have fired (or were before the schedule existed). */
  firedUntil: string;
}

export interface SchedulerEmulatorOptions {
  /** Where the schedules are kept; undefined keeps them in memory. */
  file: string | undefined;
  now: () => Date;
  /** Invokes the target with the schedule's input, its scheduled time filled in; `again` when it fires twice. */
  fire: (targetArn: string, input: unknown, again?: boolean) => void;
  /** How often the due schedules are checked. */
  intervalMs?: number;
  /** Fires nothing on its own until release(): a test sets up its state before any schedule runs. */
  held?: boolean;
  /** PICKEM_FAULTS: its API fails now and then as the Scheduler's does, and a schedule may fire twice. */
  faults?: Faults | undefined;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const fail = (res: ServerResponse, status: number, type: string, message: string) => {
  res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-errortype': type });
  res.end(JSON.stringify({ __type: type, message, Message: message }));
};

/**
 * `cron(M H d m w y)` as croner's five fields, the year field read as every year (the one cron naming a year,
 * Live Scores' next kickoff, is set again by the run it fires); `rate(N minutes)` as every N minutes.
 */
export function cronerPattern(expression: string): string {
  const rate = /^rate\((\d+) minutes?\)$/.exec(expression.trim());
  if (rate) return rate[1] === '1' ? '* * * * *' : `*/${rate[1]} * * * *`;
  const fields = /^cron\((.*)\)$/.exec(expression.trim())?.[1]?.split(/\s+/);
  if (!fields || fields.length !== 6) throw new Error(`Not a cron expression: ${expression}`);
  return fields
    .slice(0, 5)
    .map((field) => (field === '?' ? '*' : field))
    .join(' ');
}

const cronOf = (schedule: StoredSchedule) =>
  new Cron(cronerPattern(schedule.ScheduleExpression), {
    timezone: schedule.ScheduleExpressionTimezone ?? 'UTC',
    paused: true,
  });

export async function startSchedulerEmulator({
  file,
  now,
  fire,
  intervalMs = 1000,
  held = false,
  faults,
}: SchedulerEmulatorOptions) {
  const schedules = new Map<string, StoredSchedule>(
    file && existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as StoredSchedule[]).map((schedule) => [
          `${schedule.GroupName}/${schedule.Name}`,
          schedule,
        ])
      : [],
  );
  const save = () => {
    if (file) writeFileSync(file, JSON.stringify([...schedules.values()], null, 2));
  };
  const arnOf = (schedule: StoredSchedule) =>
    `arn:aws:scheduler:local:000000000000:schedule/${schedule.GroupName}/${schedule.Name}`;

  /** Fires every schedule (of the group, when named) due up to the instant, each due time once. */
  function fireDue(at: Date = now(), group?: string) {
    let fired = 0;
    for (const schedule of schedules.values()) {
      if (schedule.State !== 'ENABLED' || (group !== undefined && schedule.GroupName !== group)) continue;
      const cron = cronOf(schedule);
      let latest: Date | undefined;
      for (let next = cron.nextRun(new Date(schedule.firedUntil)); next && next <= at; next = cron.nextRun(next))
        latest = next;
      if (!latest) continue;
      schedule.firedUntil = latest.toISOString();
      const input = (schedule.Target.Input ?? '{}').replaceAll('<aws.scheduler.scheduled-time>', latest.toISOString());
      fire(schedule.Target.Arn, JSON.parse(input));
      // The Scheduler invokes its target at least once.
      if (faults?.redeliver('schedule')) fire(schedule.Target.Arn, JSON.parse(input), true);
      fired += 1;
    }
    if (fired) save();
    return fired;
  }

  const respond = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const named = /^\/schedules\/([^/]+)$/.exec(url.pathname);
    try {
      if (url.pathname === '/schedules' && req.method === 'GET') {
        const group = url.searchParams.get('ScheduleGroup') ?? 'default';
        const prefix = url.searchParams.get('NamePrefix') ?? '';
        return send(res, 200, {
          Schedules: [...schedules.values()]
            .filter((schedule) => schedule.GroupName === group && schedule.Name.startsWith(prefix))
            .map((schedule) => ({
              Arn: arnOf(schedule),
              Name: schedule.Name,
              GroupName: schedule.GroupName,
              State: schedule.State,
              CreationDate: schedule.CreationDate,
              LastModificationDate: schedule.LastModificationDate,
              Target: { Arn: schedule.Target.Arn },
            })),
        });
      }
      if (!named) return fail(res, 400, 'ValidationException', `No operation at ${req.method} ${url.pathname}`);
      const name = decodeURIComponent(named[1]!);
      if (req.method === 'GET' || req.method === 'DELETE') {
        const key = `${url.searchParams.get('groupName') ?? 'default'}/${name}`;
        const schedule = schedules.get(key);
        if (!schedule) return fail(res, 404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
        if (req.method === 'DELETE') {
          schedules.delete(key);
          save();
          return send(res, 200, {});
        }
        const { firedUntil: _firedUntil, ...answer } = schedule;
        return send(res, 200, { ...answer, Arn: arnOf(schedule) });
      }
      const request = JSON.parse(body || '{}') as Omit<StoredSchedule, 'Name' | 'CreationDate'>;
      const group = request.GroupName ?? 'default';
      const key = `${group}/${name}`;
      const existing = schedules.get(key);
      if (req.method === 'POST' && existing)
        return fail(res, 409, 'ConflictException', `Schedule ${name} already exists.`);
      if (req.method === 'PUT' && !existing)
        return fail(res, 404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
      if (req.method !== 'POST' && req.method !== 'PUT')
        return fail(res, 400, 'ValidationException', `No operation at ${req.method} ${url.pathname}`);
      const stamp = Date.now() / 1000;
      const schedule: StoredSchedule = {
        Name: name,
        GroupName: group,
        ScheduleExpression: request.ScheduleExpression,
        ScheduleExpressionTimezone: request.ScheduleExpressionTimezone,
        State: request.State ?? 'ENABLED',
        FlexibleTimeWindow: request.FlexibleTimeWindow,
        Target: request.Target,
        CreationDate: existing?.CreationDate ?? stamp,
        LastModificationDate: stamp,
        // A new or changed schedule fires from now on, never for times before.
        firedUntil: now().toISOString(),
      };
      cronOf(schedule);
      schedules.set(key, schedule);
      save();
      return send(res, 200, { ScheduleArn: arnOf(schedule) });
    } catch (error) {
      return fail(res, 400, 'ValidationException', error instanceof Error ? error.message : String(error));
    }
  };
  const server = createServer(
    listenerWithFaults(faults, (req) => ({ service: 'SCHEDULER', write: req.method !== 'GET' }), respond),
  );
  /**
   * A schedule as a deploy puts it (the CDK app's own): created, or changed when it differs; one that has not
   * changed keeps the due times it has fired, so a restart fires what fell due while the stack was down.
   */
  function define(wanted: Pick<StoredSchedule, 'Name' | 'GroupName' | 'ScheduleExpression' | 'Target'>) {
    const key = `${wanted.GroupName}/${wanted.Name}`;
    const existing = schedules.get(key);
    const same = (schedule: StoredSchedule) =>
      schedule.ScheduleExpression === wanted.ScheduleExpression &&
      JSON.stringify(schedule.Target) === JSON.stringify(wanted.Target);
    if (existing && same(existing)) return;
    const stamp = Date.now() / 1000;
    schedules.set(key, {
      ...wanted,
      State: 'ENABLED',
      FlexibleTimeWindow: { Mode: 'OFF' },
      CreationDate: existing?.CreationDate ?? stamp,
      LastModificationDate: stamp,
      firedUntil: now().toISOString(),
    });
    save();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let timer: NodeJS.Timeout | undefined;
  const release = () => {
    timer ??= setInterval(() => {
      try {
        fireDue();
      } catch (error) {
        console.error('the Scheduler emulator could not fire its schedules', error);
      }
    }, intervalMs);
    timer.unref();
  };
  if (!held) release();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    fireDue,
    define,
    release,
    close() {
      clearInterval(timer);
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
