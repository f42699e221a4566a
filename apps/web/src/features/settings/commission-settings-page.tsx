import { useState } from 'react';
import { ActionIcon, Alert, Button, Card, Group, NumberInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { commissionEarningsCents, tierRateBps, type AdminSettings } from '@agency/shared';
import { ErrorState } from '../../components/error-state.tsx';
import { confirmAction } from '../../lib/confirm.ts';
import { useFormatters } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { ForecastSettingsCard } from './forecast-settings-card.tsx';
import { addTierRow, findTierRowProblem, removeTierRow, rowsToTiers, tiersToRows, type TierRow } from './commission-tiers.ts';
import { useAdminSettings, useUpdateSettings } from './settings-api.ts';

/** The worked example of docs/product.md §7. */
const EXAMPLE_DIAMONDS = 4_000_000;

/** `/app/setting/Setting`: commission tiers and the diamond value; the forecasts' "went dark" days. */
export default function CommissionSettingsPage() {
  const { t } = useTranslation('settings');
  const settings = useAdminSettings();
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('commission.title')}
        </Title>
        <Text c="dimmed">{t('commission.intro')}</Text>
      </Stack>
      {settings.isPending ? (
        <Skeleton h={360} radius="lg" aria-busy="true" />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} size="section" />
      ) : (
        <>
          <CommissionForm settings={settings.data} key={settings.data.updatedAt} />
          <ForecastSettingsCard settings={settings.data} key={`forecasts-${settings.data.updatedAt}`} />
        </>
      )}
    </Stack>
  );
}

function CommissionForm({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation(['settings', 'common']);
  const format = useFormatters();
  const update = useUpdateSettings();
  const [rows, setRows] = useState<TierRow[]>(() => tiersToRows(settings.commissionTiers));
  // What the inputs show while typing: NumberInput hands over text ("1,", "0,00") until the number is complete.
  const [dollars, setDollars] = useState<number | string>(settings.diamondValueMicros / 1_000_000);
  const [rateTexts, setRateTexts] = useState<Record<string, number | string>>({});
  const [submitted, setSubmitted] = useState(false);

  const problem = findTierRowProblem(rows);
  const tiers = rowsToTiers(rows);
  const micros = typeof dollars === 'number' ? Math.round(dollars * 1_000_000) : null;
  const valueProblem = micros === null || micros < 1 || micros > 1_000_000;
  // Numbers, percentages and dollars typed and shown as the locale writes them (2.999.999, %1 in tr).
  const { decimalSeparator, thousandSeparator, moneyPrefix, moneySuffix, percentPrefix, percentSuffix } = format.input;

  const change = (key: string, field: 'fromDiamonds' | 'toDiamonds' | 'ratePercent', value: number | string) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: typeof value === 'number' ? value : '' } : row)));

  async function save() {
    setSubmitted(true);
    if (!tiers || valueProblem) return;
    const confirmed = await confirmAction({
      title: t('commission.confirmTitle'),
      body: t('commission.confirmBody'),
      confirmLabel: t('commission.save'),
      destructive: false,
    });
    if (!confirmed) return;
    update.mutate(
      { commissionTiers: tiers, diamondValueMicros: micros },
      { onSuccess: () => notifySuccess('COMMISSION_SAVED'), onError: notifyError },
    );
  }

  const exampleRate = tiers ? tierRateBps(tiers, EXAMPLE_DIAMONDS) : null;
  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('commission.tiersTitle')}
          </Title>
          {rows.map((row, index) => {
            const isLast = index === rows.length - 1;
            const hasError = submitted && problem?.row === index + 1;
            return (
              <Group key={row.key} align="flex-end" gap="sm" wrap="wrap" role="group" aria-label={t('commission.tierLabel', { row: index + 1 })}>
                <NumberInput
                  label={t('commission.from')}
                  value={row.fromDiamonds}
                  onChange={(value) => change(row.key, 'fromDiamonds', value)}
                  min={0}
                  allowDecimal={false}
                  allowNegative={false}
                  thousandSeparator={thousandSeparator}
                  decimalSeparator={decimalSeparator}
                  error={hasError}
                  w={{ base: '100%', xs: 170 }}
                />
                <NumberInput
                  label={t('commission.to')}
                  value={isLast ? '' : row.toDiamonds}
                  placeholder={isLast ? t('commission.noUpperBound') : undefined}
                  disabled={isLast}
                  onChange={(value) => change(row.key, 'toDiamonds', value)}
                  min={0}
                  allowDecimal={false}
                  allowNegative={false}
                  thousandSeparator={thousandSeparator}
                  decimalSeparator={decimalSeparator}
                  error={hasError}
                  w={{ base: '100%', xs: 170 }}
                />
                <NumberInput
                  label={t('commission.rate')}
                  value={rateTexts[row.key] ?? row.ratePercent}
                  onChange={(value) => {
                    setRateTexts((current) => ({ ...current, [row.key]: value }));
                    change(row.key, 'ratePercent', value);
                  }}
                  min={0}
                  max={100}
                  decimalScale={2}
                  decimalSeparator={decimalSeparator}
                  prefix={percentPrefix || undefined}
                  suffix={percentSuffix || undefined}
                  error={hasError}
                  w={{ base: '100%', xs: 120 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={4}
                  disabled={rows.length === 1}
                  onClick={() => setRows((current) => removeTierRow(current, row.key))}
                  aria-label={t('commission.removeTier', { row: index + 1 })}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            );
          })}
          {problem && (submitted || problem.key === 'mustFollow' || problem.key === 'endsBeforeStart' || problem.key === 'firstStartsAtZero') && (
            <Text c="red" size="sm" role="alert">
              {t(`commission.problems.${problem.key}`, problem.values)}
            </Text>
          )}
          <Group>
            <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setRows(addTierRow)} disabled={rows.length >= 10}>
              {t('commission.addTier')}
            </Button>
          </Group>
        </Stack>
      </Card>

      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <NumberInput
            label={t('commission.diamondValue')}
            description={t('commission.diamondValueHint', { value: format.microDollars(settings.diamondValueMicros) })}
            value={dollars}
            onChange={setDollars}
            min={0}
            max={1}
            decimalScale={6}
            decimalSeparator={decimalSeparator}
            thousandSeparator={thousandSeparator}
            prefix={moneyPrefix || undefined}
            suffix={moneySuffix || undefined}
            error={submitted && valueProblem ? t('commission.problems.diamondValue') : undefined}
            w={{ base: '100%', xs: 240 }}
          />
        </Stack>
      </Card>

      <Alert variant="light" color="accent" icon={<IconInfoCircle size={18} aria-hidden />} title={t('commission.exampleTitle')}>
        <Stack gap={4}>
          <Text size="sm">{t('commission.explanation')}</Text>
          {exampleRate !== null && micros !== null && !valueProblem && (
            <Text size="sm" fw={600} className="tabular" data-testid="commission-example">
              {t('commission.example', {
                count: EXAMPLE_DIAMONDS,
                value: format.microDollars(micros),
                rate: format.percent(exampleRate / 100),
                earnings: format.money(commissionEarningsCents(EXAMPLE_DIAMONDS, micros, exampleRate)),
              })}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t('commission.onlyCurrentMonth')}
          </Text>
        </Stack>
      </Alert>

      <Group>
        <Button onClick={() => void save()} loading={update.isPending}>
          {t('commission.save')}
        </Button>
      </Group>
    </Stack>
  );
}
