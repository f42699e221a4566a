import { useTranslation } from 'react-i18next';
import classes from './skip-link.module.css';

/** The id of each page's `<main>`; the skip link jumps there. */
export const MAIN_CONTENT_ID = 'main-content';

/** "Skip to main content": the first stop of the keyboard, visible only when focused. */
export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a className={classes.skip} href={`#${MAIN_CONTENT_ID}`}>
      {t('a11y.skipToContent')}
    </a>
  );
}
