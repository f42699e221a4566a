import { IconChartBar } from '@tabler/icons-react';
 
import { ComingSoon } from '../../components/coming-soon.tsx';

// Placeholder: the screen's own work replaces this file.
export default function StatisticsPage() {
  return <ComingSoon screen="statistics" icon={IconChartBar} />;
}
