// The maintenance's EventBridge Scheduler schedule, which the CDK app deploys and the local stack's Scheduler
// emulator keeps alike: every minute it invokes the jobs function's `maintenance` operation.
export const maintenanceSchedule = {
  name: 'maintenance',
  group: 'default',
  expression: 'rate(1 minute)',
  input: { operation: 'maintenance' },
} as const;
