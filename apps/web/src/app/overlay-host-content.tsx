import { useEffect } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.layer.css';
import { markOverlayHostMounted } from '../lib/overlay-host.ts';
import classes from './overlay-host.module.css';

/** Toasts top-right below the header (coloured, title and message) and the confirmation dialogs. */
export default function OverlayHostContent() {
  // Runs after the children's effects, i.e. once both listen for their events.
  useEffect(() => {
    markOverlayHostMounted();
  }, []);
  return (
    <>
      <Notifications position="top-right" limit={4} classNames={{ root: classes.toasts }} />
      <ModalsProvider modalProps={{ centered: true }} />
    </>
  );
}
