import type { Icon } from '@tabler/icons-react';
import {
  IconBell,
  IconBroadcast,
  IconCash,
  IconChartBar,
  IconCoin,
  IconDatabaseExport,
  IconFileInvoice,
  IconFileSettings,
  IconHistory,
  IconHome,
  IconLayoutDashboard,
  IconLink,
  IconPalette,
  IconPercentage,
  IconReceiptRefund,
  IconReportMoney,
  IconRubberStamp,
  IconShieldLock,
  IconSignature,
  IconSpeakerphone,
  IconUpload,
  IconUserCircle,
  IconUserPlus,
  IconUsers,
  IconId,
} from '@tabler/icons-react';
import type { Role } from '@agency/shared';
import { ADMIN_PATHS, MEMBER_PATHS } from '../routes/paths.ts';

export interface NavItem {
  /** Key in the `nav` namespace. */
  label: string;
  path: string;
  icon: Icon;
  /** Other paths that belong to this entry (detail pages). */
  alsoActiveOn?: string[];
}

export interface NavGroup {
  /** Key in the `nav` namespace; a group without a label is shown first, without a heading. */
  label?: string;
  items: NavItem[];
}

/** The admin's sidebar, grouped as DESIGN.md says. */
const ADMIN_NAVIGATION: NavGroup[] = [
  { items: [{ label: 'items.dashboard', path: ADMIN_PATHS.dashboard, icon: IconLayoutDashboard }] },
  {
    label: 'groups.people',
    items: [
      { label: 'items.members', path: ADMIN_PATHS.members, icon: IconUsers, alsoActiveOn: [ADMIN_PATHS.memberProfile, ADMIN_PATHS.memberOverview] },
      { label: 'items.creators', path: ADMIN_PATHS.creators, icon: IconBroadcast, alsoActiveOn: [ADMIN_PATHS.creatorDetails] },
      { label: 'items.applications', path: ADMIN_PATHS.applications, icon: IconUserPlus },
    ],
  },
  {
    label: 'groups.money',
    items: [
      { label: 'items.payments', path: ADMIN_PATHS.payments, icon: IconCash },
      { label: 'items.deductions', path: ADMIN_PATHS.deductions, icon: IconReceiptRefund },
      { label: 'items.uploads', path: ADMIN_PATHS.uploads, icon: IconUpload },
      { label: 'items.finance', path: ADMIN_PATHS.finance, icon: IconReportMoney },
    ],
  },
  { label: 'groups.communication', items: [{ label: 'items.notifications', path: ADMIN_PATHS.notifications, icon: IconSpeakerphone }] },
  {
    label: 'groups.agency',
    items: [
      { label: 'items.commissionSettings', path: ADMIN_PATHS.commissionSettings, icon: IconPercentage },
      { label: 'items.branding', path: ADMIN_PATHS.branding, icon: IconPalette },
      { label: 'items.security', path: ADMIN_PATHS.security, icon: IconShieldLock },
      { label: 'items.activityLog', path: ADMIN_PATHS.activityLog, icon: IconHistory },
      { label: 'items.dataExport', path: ADMIN_PATHS.dataExport, icon: IconDatabaseExport },
      { label: 'items.signature', path: ADMIN_PATHS.signature, icon: IconSignature },
      { label: 'items.stamp', path: ADMIN_PATHS.stamp, icon: IconRubberStamp },
      { label: 'items.referralSettings', path: ADMIN_PATHS.referralSettings, icon: IconLink },
      { label: 'items.documentSettings', path: ADMIN_PATHS.documentSettings, icon: IconFileSettings },
    ],
  },
];

const home: NavItem = { label: 'items.home', path: MEMBER_PATHS.home, icon: IconHome };
const earnings: NavItem = { label: 'items.earnings', path: MEMBER_PATHS.earnings, icon: IconCoin };
const payments: NavItem = { label: 'items.payments', path: MEMBER_PATHS.payments, icon: IconCash };
const notifications: NavItem = { label: 'items.notifications', path: MEMBER_PATHS.notifications, icon: IconBell };
const profile: NavItem = { label: 'items.profile', path: MEMBER_PATHS.profile, icon: IconUserCircle };

/** The member's sidebar. */
const MEMBER_NAVIGATION: NavGroup[] = [
  {
    items: [
      home,
      earnings,
      { label: 'items.statistics', path: MEMBER_PATHS.statistics, icon: IconChartBar },
      payments,
      { label: 'items.documents', path: MEMBER_PATHS.documents, icon: IconFileInvoice },
      { label: 'items.deductions', path: MEMBER_PATHS.deductions, icon: IconReceiptRefund },
      notifications,
      profile,
      { label: 'items.security', path: MEMBER_PATHS.security, icon: IconShieldLock },
      { label: 'items.myInformation', path: MEMBER_PATHS.myInformation, icon: IconId },
      { label: 'items.dashboard', path: MEMBER_PATHS.dashboard, icon: IconLayoutDashboard },
    ],
  },
];

/** The member's bottom navigation on phones (DESIGN.md). */
export const MEMBER_BOTTOM_NAVIGATION: NavItem[] = [home, earnings, payments, notifications, profile];

/** `nav:bottomItems.<name>`: the label of `items.<name>` as the bottom bar breaks it (soft hyphens). */
export function bottomLabelKey(item: NavItem): string {
  return item.label.replace(/^items\./, 'bottomItems.');
}

export function navigationFor(role: Role): NavGroup[] {
  return role === 'admin' ? ADMIN_NAVIGATION : MEMBER_NAVIGATION;
}

export function isActiveItem(item: NavItem, pathname: string): boolean {
  const current = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  return [item.path, ...(item.alsoActiveOn ?? [])].some((path) => path.toLowerCase() === current);
}
