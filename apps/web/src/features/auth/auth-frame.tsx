import type { ReactNode } from 'react';
import { Container, Paper } from '@mantine/core';
import { PublicHeader } from '../../components/public-header.tsx';
import { MAIN_CONTENT_ID } from '../../components/skip-link.tsx';
import classes from './auth-frame.module.css';

interface AuthFrameProps {
  children: ReactNode;
  width?: number;
  /** The header hides the button of the page it is on. */
  current?: 'signIn' | 'apply';
}

/**
 * The frame of the public forms (sign-in, application, password pages): the public header, then
 * one card centred in the main landmark. Phone first.
 */
export function AuthFrame({ children, width = 460, current }: AuthFrameProps) {
  return (
    <div className={classes.page}>
      <PublicHeader showSignIn={current !== 'signIn'} showApply={current !== 'apply'} />
      <main className={classes.main} id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Container size={width} px="md" py={{ base: 'lg', sm: 48 }}>
          <Paper className={classes.card} withBorder radius="lg" shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
            {children}
          </Paper>
        </Container>
      </main>
    </div>
  );
}
