import { Alert } from './alert';
import { Button } from './button';

/** A list that could not be loaded: why, and a button that asks again. */
export function LoadFailed({ what, error, onReload }: { what: string; error: Error; onReload: () => void }) {
  return (
    <Alert status="warn">
      <p>
        {what} could not be loaded: {error.message}
      </p>
      <Button variant="secondary" onClick={onReload}>
        Reload
      </Button>
    </Alert>
  );
}
