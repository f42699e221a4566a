import { useRef, useState, type ReactNode } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBrandTelegram, IconBrandWhatsapp, IconCopy, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/copy-text.ts';
import { notifySuccess } from '../lib/notify.ts';
import { useAgencyName } from '../lib/public-settings.ts';

/** The share links used where the Web Share API is missing (desktops, some browsers). */
function whatsAppShareUrl(text: string, link: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${link}`)}`;
}

function telegramShareUrl(text: string, link: string): string {
  return `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`;
}

/** True where the browser offers its own share sheet for a link (phones, some desktops). */
function canShareNatively(data: ShareData): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return false;
  return typeof navigator.canShare === 'function' ? navigator.canShare(data) : true;
}

/**
 * The member's referral link with a copy button (`URL copied to clipboard!`) and a share button:
 * the browser's own share sheet (Web Share API) where there is one, else WhatsApp and Telegram links.
 * Shown on the home page and on "My information" while referrals are on.
 */
/** A share link that opens the messenger in a new tab. */
function ShareLink({ href, icon, label }: { href: string; icon: ReactNode; label: string }) {
  return (
    <Button component="a" href={href} target="_blank" rel="noopener noreferrer" variant="default" leftSection={icon}>
      {label}
    </Button>
  );
}

export function ReferralLinkCard({ link }: { link: string }) {
  const { t } = useTranslation(['profile', 'common']);
  const agency = useAgencyName();
  const input = useRef<HTMLInputElement>(null);
  const [manual, setManual] = useState(false);
  const [shareFailed, setShareFailed] = useState(false);
  const text = t('referral.shareText', { agency });
  const shareData: ShareData = { title: agency, text, url: link };
  const native = !shareFailed && canShareNatively(shareData);

  const copy = async () => {
    if (await copyText(link)) {
      setManual(false);
      notifySuccess('URL_COPIED');
      return;
    }
    // Neither clipboard way worked: select the link so that the person can copy it by hand.
    setManual(true);
    input.current?.focus();
    input.current?.select();
  };

  const share = async () => {
    try {
      await navigator.share(shareData);
    } catch (error) {
      // Closing the share sheet is not a failure; anything else shows the links instead.
      if (!(error instanceof DOMException && error.name === 'AbortError')) setShareFailed(true);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('referral.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('referral.body')}
        </Text>
        <TextInput
          ref={input}
          value={link}
          readOnly
          aria-label={t('referral.title')}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Group gap="xs">
          <Button leftSection={<IconCopy size={16} aria-hidden />} onClick={() => void copy()}>
            {t('common:actions.copy')}
          </Button>
          {native ? (
            <Button variant="light" leftSection={<IconShare size={16} aria-hidden />} onClick={() => void share()}>
              {t('referral.share')}
            </Button>
          ) : (
            <>
              <ShareLink href={whatsAppShareUrl(text, link)} icon={<IconBrandWhatsapp size={16} aria-hidden />} label={t('referral.shareWhatsApp')} />
              <ShareLink href={telegramShareUrl(text, link)} icon={<IconBrandTelegram size={16} aria-hidden />} label={t('referral.shareTelegram')} />
            </>
          )}
        </Group>
        {manual ? (
          <Text size="sm" c="orange" role="status">
            {t('referral.copyManually')}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
