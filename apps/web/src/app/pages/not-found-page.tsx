import { Container } from '@mantine/core';
// eslint-disable-next-line no-restricted-imports -- the shared components/ folder (the lint pattern '../*/components/*' matches it too)
import { NotFoundState } from '../../components/not-found-state.tsx';
// eslint-disable-next-line no-restricted-imports -- the shared components/ folder (the lint pattern '../*/components/*' matches it too)
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
