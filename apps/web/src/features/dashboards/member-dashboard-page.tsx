import { IconLayoutDashboard } from '@tabler/icons-react';
// eslint-disable-next-line no-restricted-imports -- the shared components/ folder (the lint pattern '../*/components/*' matches it too)
import { ComingSoon } from '../../components/coming-soon.tsx';

// Placeholder: the screen's own work replaces this file.
export default function MemberDashboardPage() {
  return <ComingSoon screen="memberDashboard" icon={IconLayoutDashboard} />;
}
