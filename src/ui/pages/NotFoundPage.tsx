import { Link } from 'wouter';
import { paths } from '../paths';
import { Page, PageTitle, styled } from '../theme';

const HomeLink = styled(Link, { color: '$textDark', fontWeight: 600 });

export function NotFoundPage({
  title = 'Página não encontrada',
  message = 'O endereço que você procurou não existe ou foi removido.',
}: {
  title?: string;
  message?: string;
}) {
  return (
    <Page>
      <PageTitle>{title}</PageTitle>
      <p>{message}</p>
      <p>
        <HomeLink href={paths.home}>Voltar para a página inicial</HomeLink>
      </p>
    </Page>
  );
}
