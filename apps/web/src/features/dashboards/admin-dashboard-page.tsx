import { IconLayoutDashboard } from '@tabler/icons-react';
 
import { ComingSoon } from '../../components/coming-soon.tsx';

// Placeholder: the screen's own work replaces this file.
export default function AdminDashboardPage() {
  return <ComingSoon screen="adminDashboard" icon={IconLayoutDashboard} />;
}
