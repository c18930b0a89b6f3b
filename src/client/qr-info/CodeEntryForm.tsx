import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { z } from 'zod';
import { qrCodeInput } from '@/shared/auth';
import { Button } from '@/client/components/ui/button';
import { TextField } from '@/client/components/ui/text-field';

/** The code is checked here (length, alphabet, check character) before the registration page. */
const codeForm = z.object({ code: qrCodeInput });

export function CodeEntryForm() {
  const navigate = useNavigate();
  const form = useForm<z.input<typeof codeForm>, unknown, z.output<typeof codeForm>>({
    resolver: zodResolver(codeForm),
    defaultValues: { code: '' },
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ code }) => navigate(`/register?qrCode=${code}`))}
      className="space-y-6"
    >
      <TextField
        label="QR-kode"
        hint="De 10 tegn under QR-symbolet, fx 7K3QM-XR8D2."
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        inputClassName="code-text text-xl uppercase"
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      <Button type="submit" size="lg" className="w-full">
        Fortsæt
        <ArrowRight aria-hidden="true" />
      </Button>
    </form>
  );
}
