import { Container } from '@mantine/core';
import { NotFoundState } from '../../components/not-found-state.tsx';
import { PublicPage } from '../../components/public-header.tsx';

/** The not-found page for anything unknown outside the signed-in area. */
export function NotFoundPage() {
  return (
    <PublicPage>
      <Container size="lg">
        <NotFoundState />
      </Container>
    </PublicPage>
  );
}
