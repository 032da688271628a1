import { useEffect, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Link, Redirect } from 'wouter';
import type { LoginForm } from '../../domain';
import { FIELD_MAX_LENGTH } from '../../domain/limits';
import { paths } from '../paths';
import { selectFieldErrors, selectFormError, selectLoggedIn } from '../selectors';
import { useServices } from '../services';
import { Button, Page, PageTitle, styled } from '../theme';
import { FormCard, FormField, FormIntro } from '../components/FormField';
import { LOGIN_OFFLINE_MESSAGE, OfflineNotice } from '../components/OfflineNotice';

const Divider = styled('p', { textAlign: 'center', margin: '$4 0', color: '$placeholder' });
const FormError = styled('p', { color: '$errorText', fontWeight: 600, margin: 0 });
const Alt = styled('p', { textAlign: 'center', '& a': { color: '$textDark', fontWeight: 600 } });

export default function LoginPage() {
  const { auth } = useServices();
  const loggedIn = useSelector(auth, selectLoggedIn);
  const errors = useSelector(auth, selectFieldErrors);
  const formError = useSelector(auth, selectFormError);
  const signingIn = useSelector(auth, (s) => s.matches({ loggedOut: 'signingIn' }));
  const signingInWithGoogle = useSelector(auth, (s) => s.matches({ loggedOut: 'signingInWithGoogle' }));
  const busy = signingIn || signingInWithGoogle;
  const [form, setForm] = useState<LoginForm>({ email: '', password: '' });

  // Messages left over from another form (sign-up) do not belong here.
  useEffect(() => {
    auth.send({ type: 'auth.clearErrors' });
  }, [auth]);

  if (loggedIn) return <Redirect to={paths.home} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    auth.send({ type: 'auth.signIn', form });
  };

  return (
    <Page>
      <FormCard noValidate onSubmit={submit} aria-labelledby="login-title">
        <PageTitle id="login-title">Login</PageTitle>
        <FormIntro>Entre com seu e-mail e senha.</FormIntro>
        <FormField
          label="E-mail"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="seu@email.com"
          maxLength={FIELD_MAX_LENGTH.email}
          value={form.email}
          error={errors.email}
          onChange={(e) => setForm({ ...form, email: e.target.value })}
        />
        <FormField
          label="Senha"
          type="password"
          name="password"
          autoComplete="current-password"
          placeholder="Sua senha"
          maxLength={FIELD_MAX_LENGTH.password}
          value={form.password}
          error={errors.password}
          onChange={(e) => setForm({ ...form, password: e.target.value })}
        />
        {formError && <FormError role="alert">{formError}</FormError>}
        <OfflineNotice message={LOGIN_OFFLINE_MESSAGE} />
        <Button type="submit" disabled={busy} aria-busy={signingIn} fullWidth>
          Entrar
        </Button>
        <Divider>ou</Divider>
        <Button
          type="button"
          variant="google"
          fullWidth
          disabled={busy}
          aria-busy={signingInWithGoogle}
          onClick={() => auth.send({ type: 'auth.signInWithGoogle' })}
        >
          Entrar com o Google
        </Button>
        <Alt>
          Não tem uma conta? <Link href={paths.signUp}>Criar Conta</Link>
        </Alt>
      </FormCard>
    </Page>
  );
}
