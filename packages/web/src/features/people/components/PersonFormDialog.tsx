import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS, type Person, SOCIAL_NETWORKS } from '@parley/contract';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useCreatePerson } from '@/api/people/create-person';
import { ErrorAlert } from '@/components/error-alert';
import { FormDialogFooter } from '@/components/form-dialog-footer';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useFormSubmit } from '@/hooks/use-form-submit';
import { useUpdatePerson } from '../api/update-person';
import {
  buildCreatePersonPayload,
  buildUpdatePersonPayload,
  emptyPersonForm,
  PersonFormSchema,
  type PersonFormValues,
  personToFormValues,
  SOCIAL_LABELS,
} from '../lib/person-form';

interface PersonFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Present to edit this person; absent to add one. */
  person?: Person;
  onSaved?: (person: Person) => void;
}

export function PersonFormDialog({ open, onOpenChange, person, onSaved }: PersonFormDialogProps) {
  const editing = Boolean(person);
  const createPerson = useCreatePerson();
  const updatePerson = useUpdatePerson();
  const form = useForm<PersonFormValues>({
    resolver: zodResolver(PersonFormSchema),
    defaultValues: emptyPersonForm(),
  });
  const { errors, isSubmitting } = form.formState;
  const nameBlank = (form.watch('name') ?? '').trim() === '';

  useEffect(() => {
    if (open) form.reset(person ? personToFormValues(person) : emptyPersonForm());
  }, [open, person, form]);

  // Validation passes the raw strings through; the payload builders trim and drop blanks.
  const { formError, onSubmit } = useFormSubmit(
    form,
    async () => {
      const values = form.getValues();
      if (values.name.trim() === '') return;
      const saved = person
        ? await updatePerson.mutateAsync({ personId: person._id, body: buildUpdatePersonPayload(values, person) })
        : await createPerson.mutateAsync(buildCreatePersonPayload(values));
      onOpenChange(false);
      onSaved?.(saved);
    },
    { open, failure: editing ? 'Failed to update person' : 'Failed to create person' },
  );

  // The Add form carries the native required/length rules of spec section 5 (assistive technology
  // announces them), but the form is noValidate: our inline messages speak, not the browser's pop-up.
  const native = editing ? {} : { required: true, minLength: LIMITS.personName.min, maxLength: LIMITS.personName.max };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Person' : 'Add Person'}</DialogTitle>
          <DialogDescription>
            {editing ? 'Update person information' : 'Add a new contact to your people'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={editing ? 'Edit Person' : 'Add Person'}>
          <ErrorAlert message={formError} />
          <FormField id="person-name" label="Name" error={errors.name?.message}>
            <Input
              {...fieldProps('person-name', errors.name?.message)}
              autoComplete="off"
              {...native}
              maxLength={LIMITS.personName.max}
              {...form.register('name')}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="person-email" label="Email" error={errors.email?.message}>
              <Input
                {...fieldProps('person-email', errors.email?.message)}
                type="email"
                autoComplete="off"
                placeholder="name@example.com"
                {...form.register('email')}
              />
            </FormField>
            <FormField id="person-phone" label="Phone" error={errors.phone?.message}>
              <Input
                {...fieldProps('person-phone', errors.phone?.message)}
                type="tel"
                autoComplete="off"
                maxLength={LIMITS.personPhoneMax}
                {...form.register('phone')}
              />
            </FormField>
          </div>
          <FormField id="person-company" label="Company" error={errors.company?.message}>
            <Input
              {...fieldProps('person-company', errors.company?.message)}
              autoComplete="off"
              maxLength={LIMITS.personCompanyMax}
              {...form.register('company')}
            />
          </FormField>
          <FormField id="person-notes" label="Notes" error={errors.notes?.message}>
            <Textarea
              {...fieldProps('person-notes', errors.notes?.message)}
              rows={4}
              maxLength={LIMITS.personNotesMax}
              {...form.register('notes')}
            />
          </FormField>
          <fieldset className="grid gap-3">
            <legend className="mb-3 text-sm font-medium">Social media</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {SOCIAL_NETWORKS.map((network) => {
                const id = `person-social-${network}`;
                const error = errors.socialMedia?.[network]?.message;
                return (
                  <FormField key={network} id={id} label={SOCIAL_LABELS[network]} error={error}>
                    <Input
                      {...fieldProps(id, error)}
                      inputMode="url"
                      autoComplete="off"
                      placeholder={`${SOCIAL_LABELS[network]} URL`}
                      {...form.register(`socialMedia.${network}`)}
                    />
                  </FormField>
                );
              })}
            </div>
          </fieldset>
          <FormDialogFooter
            onCancel={() => onOpenChange(false)}
            submitLabel={editing ? 'Save Changes' : 'Add Person'}
            pendingLabel={editing ? 'Saving...' : 'Adding...'}
            pending={isSubmitting}
            submitDisabled={nameBlank}
            cancelWhilePending
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
