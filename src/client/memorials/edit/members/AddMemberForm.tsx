/**
 * "Giv en person adgang": an account's username or e-mail and what the person may do. The rules
 * are addMemberBody's (src/shared/members-api.ts), the ones the server checks, and the server's
 * "no such account" and "already has access" are shown at the field, where they can be corrected.
 */
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/client/components/ui/button';
import { TextField } from '@/client/components/ui/text-field';
import { ApiError, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { type AddMemberBody, type AddMemberInput, type GrantableRole, addMemberBody } from '@/shared/members-api';
import { ChoiceCards, type Choice } from '@/client/components/ui/choice-cards';
import type { useMemberChanges } from './use-members';
import { ROLE_NAMES } from './roles';

/** Shorter than ROLE_DESCRIPTIONS (shown right above): what the choice means for this person. */
const ROLE_CHOICES: Choice<GrantableRole>[] = [
  { value: 'viewer', title: ROLE_NAMES.viewer, description: 'Kan se mindesiden, også når den er privat.' },
  { value: 'coadmin', title: ROLE_NAMES.coadmin, description: 'Kan også redigere mindesiden og give andre adgang som læser.' },
];

const ADDED: Record<GrantableRole, string> = {
  viewer: 'kan nu se mindesiden.',
  coadmin: 'kan nu redigere mindesiden.',
};

interface AddMemberFormProps {
  add: ReturnType<typeof useMemberChanges>['add'];
  /** Only the owner makes co-admins; a co-admin adds viewers. */
  canAddCoadmins: boolean;
}

export function AddMemberForm({ add, canAddCoadmins }: AddMemberFormProps) {
  const form = useForm<AddMemberInput, unknown, AddMemberBody>({
    resolver: zodResolver(addMemberBody),
    defaultValues: { usernameOrEmail: '', role: 'viewer' },
  });
  const { errors } = form.formState;

  const submit = (values: AddMemberBody) =>
    add.mutate(values, {
      onSuccess: (member) => {
        toast({ title: 'Adgang givet', description: `${member.fullName} ${ADDED[values.role]}` });
        form.reset({ usernameOrEmail: '', role: values.role });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.field === 'usernameOrEmail') {
          form.setError('usernameOrEmail', { message: error.message }, { shouldFocus: true });
          return;
        }
        toast({ variant: 'destructive', title: 'Personen fik ikke adgang', description: errorMessage(error) });
      },
    });

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-6">
      <TextField
        label="Brugernavn eller e-mail"
        hint="Personen skal allerede have en konto hos Mindested."
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.usernameOrEmail?.message}
        {...form.register('usernameOrEmail')}
      />
      {canAddCoadmins ? (
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <ChoiceCards legend="Hvad må personen?" choices={ROLE_CHOICES} value={field.value} onChange={field.onChange} columns="two" />
          )}
        />
      ) : (
        <p className="text-muted-foreground">Personen får adgang som læser. Kun ejeren kan gøre andre til medadministrator.</p>
      )}
      <Button type="submit" size="lg" disabled={add.isPending} className="w-full sm:w-auto">
        {add.isPending ? 'Giver adgang...' : 'Giv adgang'}
      </Button>
    </form>
  );
}
