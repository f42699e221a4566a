import { IconPercentage } from '@tabler/icons-react';
// eslint-disable-next-line no-restricted-imports -- the shared components/ folder (the lint pattern '../*/components/*' matches it too)
import { ComingSoon } from '../../components/coming-soon.tsx';

// Placeholder: the screen's own work replaces this file.
export default function CommissionSettingsPage() {
  return <ComingSoon screen="commissionSettings" icon={IconPercentage} />;
}
