import { useEffect, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Link, Redirect } from 'wouter';
import type { SignUpForm } from '../../domain';
import { FIELD_MAX_LENGTH } from '../../domain/limits';
import { paths } from '../paths';
import { selectFieldErrors, selectFormError, selectLoggedIn } from '../selectors';
import { useServices } from '../services';
import { Button, Page, PageTitle, styled } from '../theme';
import { FormCard, FormField, FormIntro } from '../components/FormField';
import { SIGN_UP_OFFLINE_MESSAGE, OfflineNotice } from '../components/OfflineNotice';

const FormError = styled('p', { color: '$errorText', fontWeight: 600, margin: 0 });
const Alt = styled('p', { textAlign: 'center', '& a': { color: '$textDark', fontWeight: 600 } });

const empty: SignUpForm = { firstName: '', lastName: '', email: '', password: '', passwordConfirmation: '' };

export default function SignUpPage() {
  const { auth } = useServices();
  const loggedIn = useSelector(auth, selectLoggedIn);
  const errors = useSelector(auth, selectFieldErrors);
  const formError = useSelector(auth, selectFormError);
  const signingUp = useSelector(auth, (s) => s.matches({ loggedOut: 'signingUp' }));
  const [form, setForm] = useState<SignUpForm>(empty);

  useEffect(() => {
    auth.send({ type: 'auth.clearErrors' });
  }, [auth]);

  if (loggedIn) return <Redirect to={paths.home} replace />;

  const field = (name: keyof SignUpForm) => ({
    name,
    value: form[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
    maxLength: FIELD_MAX_LENGTH[name === 'passwordConfirmation' ? 'password' : name],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    auth.send({ type: 'auth.signUp', form });
  };

  return (
    <Page>
      <FormCard noValidate onSubmit={submit} aria-labelledby="sign-up-title">
        <PageTitle id="sign-up-title">Criar Conta</PageTitle>
        <FormIntro>Preencha seus dados para criar sua conta.</FormIntro>
        <FormField label="Nome" autoComplete="given-name" placeholder="Seu nome" {...field('firstName')} />
        <FormField label="Sobrenome" autoComplete="family-name" placeholder="Seu sobrenome" {...field('lastName')} />
        <FormField label="E-mail" type="email" autoComplete="email" placeholder="seu@email.com" {...field('email')} />
        <FormField
          label="Senha"
          type="password"
          autoComplete="new-password"
          placeholder="Pelo menos 6 caracteres"
          {...field('password')}
        />
        <FormField
          label="Confirmação de senha"
          type="password"
          autoComplete="new-password"
          placeholder="Repita a senha"
          {...field('passwordConfirmation')}
        />
        {formError && <FormError role="alert">{formError}</FormError>}
        <OfflineNotice message={SIGN_UP_OFFLINE_MESSAGE} />
        <Button type="submit" disabled={signingUp} aria-busy={signingUp} fullWidth>
          Criar Conta
        </Button>
        <Alt>
          Já tem uma conta? <Link href={paths.login}>Login</Link>
        </Alt>
      </FormCard>
    </Page>
  );
}
