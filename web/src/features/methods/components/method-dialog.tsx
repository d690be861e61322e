import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { addMethod } from '#domain/contracts/methods.ts';
import { loginCheckPurpose, methodTypes, passingParameterMethods } from '#domain/tenancy/client-settings.ts';
import { methodProblems } from '#domain/tenancy/method-rules.ts';
import { FormDialog } from '@/ui/form-dialog';
import { Select, type SelectOption } from '@/ui/select';
import { TextArea } from '@/ui/text-area';
import { TextField } from '@/ui/text-field';
import { useAddMethod } from '@/features/methods/api/add-method';
import { useEditMethod } from '@/features/methods/api/edit-method';
import { useDialogSave } from '@/lib/use-dialog-save';
import type { MethodRow } from '@/features/methods/api/get-method-list';

// The server's own rules (the contract's fields, then what makes a method unusable), said on each field before
// the round trip; the client is the page's.
const fields = z.omit(addMethod.request, { clientId: true }).check(
  z.superRefine((values, context) => {
    for (const [field, message] of Object.entries(methodProblems({ ...values, headerValue: values.headerValue ?? '' })))
      context.addIssue({ code: 'custom', path: [field], message });
  }),
);
type Values = z.input<typeof fields>;

const purposeOptions: SelectOption<typeof loginCheckPurpose>[] = [
  { value: loginCheckPurpose, label: loginCheckPurpose },
];
const typeOptions = methodTypes.map((type) => ({ value: type, label: type }));
const passingOptions = passingParameterMethods.map((way) => ({ value: way, label: way }));

// The stored header value is a secret: the form never shows it, and an empty field keeps it on edit.
const valuesOf = (method: MethodRow | undefined): Omit<MethodRow, 'id' | 'clientId' | 'version'> => ({
  methodPurpose: loginCheckPurpose,
  methodType: method?.methodType ?? 'GET',
  passingParameterMethod: method?.passingParameterMethod ?? 'query',
  url: method?.url ?? '',
  parameterName: method?.parameterName ?? '',
  requestBody: method?.requestBody ?? '',
  headerName: method?.headerName ?? '',
  headerValue: '',
});

export interface MethodDialogProps {
  clientId: number;
  /** The method edited; left out, the dialog adds one. */
  method?: MethodRow | undefined;
  onClose: () => void;
}

/** Add or edit an integration method: how a client's own system is asked whether a new login may be used. */
export function MethodDialog({ clientId, method, onClose }: MethodDialogProps) {
  const editing = method !== undefined;
  const { save, failure } = useDialogSave(onClose);
  const add = useAddMethod();
  const edit = useEditMethod();
  const form = useForm({ resolver: zodResolver(fields), defaultValues: valuesOf(method) });
  const errors = form.formState.errors;
  const values = form.watch();
  const set = <Field extends 'methodPurpose' | 'methodType' | 'passingParameterMethod'>(
    field: Field,
    value: Values[Field],
  ) => {
    form.setValue(field, value as never);
    // A choice changes which rules hold for the other fields: all are said again.
    if (form.formState.isSubmitted) void form.trigger();
  };
  const text = (field: 'url' | 'parameterName' | 'requestBody' | 'headerName' | 'headerValue') => ({
    error: errors[field]?.message,
    ...form.register(field),
  });

  const submit = form.handleSubmit(async (values) => {
    const input = {
      ...values,
      clientId,
      url: values.url.trim(),
      parameterName: values.parameterName.trim(),
      headerName: values.headerName.trim(),
      // Left out, the stored value stays (on edit) or there is none (on add).
      headerValue: values.headerValue || undefined,
    };
    await save(
      async () => {
        if (method) {
          await edit.trigger({ id: method.id, version: method.version, ...input }, { throwOnError: true });
          return 'Method updated';
        }
        await add.trigger(input, { throwOnError: true });
        return 'Method saved';
      },
      { editing },
    );
  });

  return (
    <FormDialog
      failure={failure}
      title={editing ? 'Edit method' : 'Add method'}
      submitLabel="Save"
      isSaving={add.isMutating || edit.isMutating}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <Select
        label="Purpose"
        options={purposeOptions}
        value={values.methodPurpose}
        onChange={(value) => set('methodPurpose', value)}
        searchable={false}
      />
      <div className="form__grid">
        <Select
          label="Method type"
          options={typeOptions}
          value={values.methodType}
          onChange={(value) => set('methodType', value)}
          searchable={false}
          error={errors.methodType?.message}
        />
        <Select
          label="Passing parameter method"
          options={passingOptions}
          value={values.passingParameterMethod}
          onChange={(value) => set('passingParameterMethod', value)}
          searchable={false}
          error={errors.passingParameterMethod?.message}
        />
      </div>
      <TextField
        label="Url"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://"
        hint={
          values.passingParameterMethod === 'login in path'
            ? 'The login is added to the end of this address.'
            : 'The address of your system that approves new logins.'
        }
        {...text('url')}
      />
      <TextField
        label="Parameter name"
        autoComplete="off"
        hint="The name the login is sent under."
        {...text('parameterName')}
      />
      <TextArea
        label="Request body (JSON)"
        spellCheck={false}
        placeholder='{ "key": "value" }'
        {...text('requestBody')}
      />
      <div className="form__grid">
        <TextField label="Header name" autoComplete="off" {...text('headerName')} />
        <TextField
          label="Header value"
          type="password"
          autoComplete="new-password"
          hint={editing ? 'A secret: leave empty to keep the stored value.' : 'A secret, e.g. an API key.'}
          {...text('headerValue')}
        />
      </div>
    </FormDialog>
  );
}
