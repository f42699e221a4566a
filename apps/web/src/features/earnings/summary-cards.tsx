import { useId, type ReactNode } from 'react';
import { REQUIREMENTS, type MySummary } from '@agency/shared';
import { Badge, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarCheck, IconClockHour4, IconCoin, IconDiamond, IconTarget, IconWallet, IconReceipt2, IconCircleCheck, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format.ts';
import { RequirementBadge } from '../../components/requirement-badge.tsx';
import { ELIGIBILITY_KEYS, MONTH_LIVE_HOURS } from './figures.ts';

const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;
export const CARD_COLUMNS = { base: 1, sm: 2, lg: 4 } as const;

interface FigureCardProps {
  label: string;
  /** The big figure; a node (a badge) for a state. */
  value: ReactNode;
  icon: ReactNode;
  badge?: ReactNode;
  children?: ReactNode;
}

/** One figure: a label, a big number, and what explains it underneath. */
export function FigureCard({ label, value, icon, badge, children }: FigureCardProps) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <ThemeIcon variant="light" radius="xl" size="md" aria-hidden>
            {icon}
          </ThemeIcon>
        </Group>
        <Group gap="xs" align="baseline" wrap="wrap">
          {typeof value === 'string' ? (
            <Text fz={28} fw={700} lh={1.15} style={NUMERIC}>
              {value}
            </Text>
          ) : (
            value
          )}
          {badge}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

function progressPercent(value: number, target: number): number {
  return Math.max(0, Math.min(100, (value / target) * 100));
}

/** A titled group of figure cards: whose figures they are, said once above them. */
export function FigureSection({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <Stack gap={2}>
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {hint ? (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Stack>
  );
}

/** Three cards a row on wide screens, two on tablets, one on phones. */
export const SECTION_COLUMNS = { base: 1, sm: 2, lg: 3 } as const;

/**
 * The member's team this month (the creators whose affiliate they are): their diamonds, the
 * estimated commission on them, and how many there are (at risk or failing among them).
 */
export function TeamFigureCards({ summary }: { summary: MySummary }) {
  const { t } = useTranslation('earnings');
  const format = useFormatters();
  const rate = format.percent(summary.rateBps / 100);
  return (
    <FigureSection title={t('sections.team')} hint={t('sections.teamHint')}>
      <SimpleGrid cols={SECTION_COLUMNS}>
        <FigureCard label={t('cards.diamonds')} value={format.number(summary.diamonds)} icon={<IconDiamond size={18} />} />
        <FigureCard
          label={t('cards.earnings')}
          value={format.money(summary.earningsCents)}
          icon={<IconCoin size={18} />}
          badge={
            <Badge variant="light" color="orange" size="sm">
              {t('estimated')}
            </Badge>
          }
        >
          <Text size="sm" c="dimmed">
            {summary.personalRate ? t('cards.personalRate', { rate }) : t('cards.rate', { rate })}
          </Text>
        </FigureCard>
        <FigureCard label={t('cards.creators')} value={format.number(summary.creatorCount)} icon={<IconUsers size={18} />}>
          <Text size="sm" c={summary.atRiskCount > 0 ? undefined : 'dimmed'} fw={summary.atRiskCount > 0 ? 600 : undefined}>
            {summary.atRiskCount > 0 ? t('cards.creatorsAtRisk', { count: summary.atRiskCount }) : t('cards.creatorsNoneAtRisk')}
          </Text>
        </FigureCard>
      </SimpleGrid>
    </FigureSection>
  );
}

/**
 * The member's own LIVE this month (the creator accounts they sign in for): valid days toward 12,
 * LIVE hours toward 25 and, unless left out, the achieved percentage with the rules.
 */
export function OwnFigureCards({ summary, withRequirement = true }: { summary: MySummary; withRequirement?: boolean }) {
  const { t } = useTranslation('earnings');
  const format = useFormatters();
  const hours = summary.liveSeconds / 3600;
  // Whole tenths, rounded down: 24.96 h is not yet 25.
  const shownHours = Math.floor(hours * 10) / 10;
  return (
    <FigureSection title={t('sections.own')} hint={t('sections.ownHint')}>
      <SimpleGrid cols={SECTION_COLUMNS}>
        <FigureCard label={t('cards.validDays')} value={format.number(summary.validDays)} icon={<IconCalendarCheck size={18} />}>
          <Progress
            value={progressPercent(summary.validDays, REQUIREMENTS.monthValidDays)}
            color="teal"
            aria-label={t('cards.validDays')}
          />
          <Text size="sm" c="dimmed" style={NUMERIC}>
            {t('cards.validDaysProgress', { days: summary.validDays, count: REQUIREMENTS.monthValidDays })}
          </Text>
        </FigureCard>
        <FigureCard label={t('cards.liveDuration')} value={format.duration(summary.liveSeconds)} icon={<IconClockHour4 size={18} />}>
          <Progress value={progressPercent(hours, MONTH_LIVE_HOURS)} color="violet" aria-label={t('cards.liveDuration')} />
          <Text size="sm" c="dimmed" style={NUMERIC}>
            {t('cards.liveHoursProgress', { hours: format.number(shownHours), goal: format.number(MONTH_LIVE_HOURS) })}
          </Text>
        </FigureCard>
        {withRequirement ? <RequirementCard summary={summary} /> : null}
      </SimpleGrid>
    </FigureSection>
  );
}

/** This month, in two labelled groups: the team's figures, then the member's own account. */
export function MonthFigureCards({ summary }: { summary: MySummary }) {
  return (
    <Stack gap="lg">
      <TeamFigureCards summary={summary} />
      <OwnFigureCards summary={summary} />
    </Stack>
  );
}

/** Achieved % with the rules spelled out and what is left this month. */
function RequirementCard({ summary }: { summary: MySummary }) {
  const { t } = useTranslation('earnings');
  const format = useFormatters();
  const daysLeft = Math.max(0, REQUIREMENTS.monthValidDays - summary.validDays);
  const hoursLeft = Math.max(0, Math.ceil((REQUIREMENTS.monthLiveSeconds - summary.liveSeconds) / 3600));
  const left =
    summary.achievedPercent >= 100
      ? t('requirement.met')
      : daysLeft > 0 && hoursLeft > 0
        ? t('requirement.leftBoth', { days: t('units.validDays', { count: daysLeft }), hours: t('units.liveHours', { count: hoursLeft }) })
        : daysLeft > 0
          ? t('requirement.leftDays', { count: daysLeft })
          : t('requirement.leftHours', { count: hoursLeft });
  return (
    <FigureCard
      label={t('requirement.achieved')}
      value={format.percent(summary.achievedPercent)}
      icon={<IconTarget size={18} />}
      badge={<RequirementBadge state={summary.requirementState} />}
    >
      <Progress value={Math.min(100, summary.achievedPercent)} aria-label={t('requirement.achieved')} />
      <Text size="sm">{left}</Text>
      <Text size="xs" c="dimmed">
        {t('requirement.rule', { days: t('units.validDays', { count: REQUIREMENTS.monthValidDays }), hours: t('units.liveHours', { count: MONTH_LIVE_HOURS }) })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('requirement.firstWeek', { count: REQUIREMENTS.firstWeekValidDays })}
      </Text>
    </FigureCard>
  );
}

const ELIGIBILITY_COLORS = { belowMinimum: 'gray', eligible: 'teal', complete: 'blue' } as const;

/**
 * Unpaid earnings, available balance, and the eligibility with the $50 rule explained.
 * `onTheWayCents`: the member's open payments (money that left the balance and is on its way),
 * said beside the available balance so that $0 after the automatic run is not read as lost.
 */
export function BalanceCards({ summary, onTheWayCents = 0 }: { summary: MySummary; onTheWayCents?: number }) {
  const { t } = useTranslation('earnings');
  const format = useFormatters();
  const key = ELIGIBILITY_KEYS[summary.eligibility];
  const minimum = format.money(summary.minimumPayoutCents);
  const explain =
    key === 'belowMinimum' && onTheWayCents > 0 && summary.availableCents <= 0
      ? t('eligibility.belowMinimumOnTheWay', { minimum })
      : key === 'belowMinimum'
        ? t('eligibility.belowMinimumExplain', {
            amount: format.money(Math.max(0, summary.minimumPayoutCents - summary.availableCents)),
            minimum,
          })
        : t(`eligibility.${key}Explain`, { minimum });
  return (
    <>
      <FigureCard label={t('cards.unpaid')} value={format.money(summary.unpaidCents)} icon={<IconReceipt2 size={18} />}>
        <Text size="sm" c="dimmed">
          {t('cards.unpaidHint')}
        </Text>
      </FigureCard>
      <FigureCard label={t('cards.available')} value={format.money(summary.availableCents)} icon={<IconWallet size={18} />}>
        <Text size="sm" c="dimmed">
          {t('cards.availableHint')}
        </Text>
        {onTheWayCents > 0 ? (
          <Text size="sm" fw={600}>
            {t('cards.onTheWay', { amount: format.money(onTheWayCents) })}
          </Text>
        ) : null}
      </FigureCard>
      <FigureCard
        label={t('eligibility.title')}
        value={
          <Badge variant="light" color={ELIGIBILITY_COLORS[key]} size="lg" my={6} style={{ textTransform: 'none' }}>
            {t(`eligibility.${key}`)}
          </Badge>
        }
        icon={<IconCircleCheck size={18} />}
      >
        <Text size="sm">{explain}</Text>
      </FigureCard>
    </>
  );
}

/** Cards while the figures load. */
export function FigureCardsSkeleton({ count = 4 }: { count?: number }) {
  return (
    <SimpleGrid cols={CARD_COLUMNS}>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} height={132} radius="md" />
      ))}
    </SimpleGrid>
  );
}
