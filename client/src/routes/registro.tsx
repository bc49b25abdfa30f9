import { Text, TextInput } from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { CASILLERO_TYPES, type CasilleroType, signUpFormSchema } from '@casillero/shared';
import { AnchorLink } from '../components/links';
import { AuthCard, AuthForm } from '../components/layout/AuthCard';
import {
  ConfirmPasswordField,
  EmailField,
  ErrorAlert,
  NewPasswordField,
  SubmitButton,
  TermsNote,
} from '../components/forms/FormParts';
import { useMutationForm } from '../components/forms/useMutationForm';
import { getErrorMessage, getFieldErrors } from '../lib/errors';
import { useHydrated } from '../lib/hydrated';
import { redirectIfSignedIn } from '../lib/guards';
import { searchEnum } from '../lib/search';
import { publicPageHead } from '../lib/site';
import { trpc } from '../lib/trpc';
import { CasilleroSummary } from './-components/CasilleroSummary';

export const Route = createFileRoute('/registro')({
  /** The mailbox the account comes with; anything unknown falls back to usa. */
  validateSearch: (search: Record<string, unknown>): { type: CasilleroType } => ({
    type: searchEnum(search.type, CASILLERO_TYPES, 'usa'),
  }),
  beforeLoad: ({ context }) => redirectIfSignedIn(context),
  head: publicPageHead('/registro'),
  component: SignUpPage,
});

const FIELDS = ['nombre', 'email', 'password', 'confirmPassword'] as const;

function SignUpPage() {
  const { type } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const {
    form,
    mutation: signUp,
    serverError,
    setServerError,
  } = useMutationForm(trpc.auth.signUp.mutationOptions(), {
    initialValues: { nombre: '', email: '', password: '', confirmPassword: '' },
    schema: signUpFormSchema,
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit(async ({ nombre, email, password }) => {
    setServerError(null);
    try {
      const result = await signUp.mutateAsync({ nombre, email, password, type });
      await navigate({ to: '/login', search: { message: result.message } });
    } catch (error) {
      setServerError(getErrorMessage(error));
      const fieldErrors = getFieldErrors(error);
      for (const field of FIELDS) {
        if (fieldErrors[field]) form.setFieldError(field, fieldErrors[field]);
      }
    }
  });

  // Disabled until the form is valid once the app has the page; in its HTML it takes a tap, which
  // the app then sends through this form's own checks (docs/decisions/036-early-taps.md).
  const hydrated = useHydrated();
  const canSubmit = !hydrated || (form.isValid() && !form.submitting);

  return (
    <AuthCard title="Crear cuenta" subtitle="Regístrate y recibe tu casillero virtual." width={480}>
      <CasilleroSummary type={type} onChange={(next) => void navigate({ search: { type: next }, replace: true })} />

      <AuthForm onSubmit={handleSubmit}>
        <TextInput
          label="Nombre completo"
          placeholder="Tu nombre y apellido"
          autoComplete="name"
          required
          {...form.getInputProps('nombre')}
        />
        <EmailField {...form.getInputProps('email')} />
        <NewPasswordField label="Contraseña" placeholder="Mínimo 8 caracteres" {...form.getInputProps('password')} />
        <ConfirmPasswordField placeholder="Repite tu contraseña" {...form.getInputProps('confirmPassword')} />

        <ErrorAlert message={serverError} />

        <SubmitButton busy={form.submitting} disabled={!canSubmit} label="Crear cuenta" busyLabel="Creando cuenta..." />
      </AuthForm>

      <Text size="sm" ta="center">
        ¿Ya tienes cuenta?{' '}
        <AnchorLink to="/login" fw={600}>
          Inicia sesión
        </AnchorLink>
      </Text>
      <TermsNote action="Al crear tu cuenta" />
    </AuthCard>
  );
}
