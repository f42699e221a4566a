import { formatNumber, formatPercent, bpsToPercent, type Locale } from '@agency/shared';
import { plural } from '../../lib/plural.ts';

/** What a daily brief reports: what is new since the person's previous brief. */
export interface BriefNews {
  atRisk: string[];
  outOfReach: string[];
  wentDark: string[];
  /** The member's next commission tier, newly within reach. */
  tier: { rateBps: number; diamondsNeeded: number } | null;
}

interface BriefTexts {
  title: string;
  /** One line per kind of news. */
  atRisk(count: number, names: string): string;
  outOfReach(count: number, names: string): string;
  wentDark(count: number, names: string): string;
  tier(diamonds: string, percent: string): string;
  /** The e-mail's last line: where to see more. */
  link(url: string): string;
}

/**
 * The daily brief in the recipient's language: formal register, plural forms by CLDR category,
 * the glossary's terms (yayıncı, canlı yayın, komisyon kademesi...). brief-texts.test.ts checks
 * every language.
 */
const BRIEF_TEXTS: Record<Locale, BriefTexts> = {
  tr: {
    title: 'Günlük özet: ay sonu tahmini',
    atRisk: (count, names) => `${plural('tr', count, { other: '# yayıncı' })} bu hızla şartları ay sonuna kadar karşılayamayacak (risk altında): ${names}`,
    outOfReach: (count, names) => `${plural('tr', count, { other: '# yayıncı' })} kalan günlerde şartları artık karşılayamaz: ${names}`,
    wentDark: (count, names) => `${plural('tr', count, { other: '# yayıncı' })} birkaç gündür canlı yayına çıkmadı: ${names}`,
    tier: (diamonds, percent) => `Bir sonraki komisyon kademesi yakın: ${percent} için tahmini +${diamonds} elmas gerekiyor.`,
    link: (url) => `Ayrıntıları görmek için: ${url}`,
  },
  en: {
    title: 'Daily brief: the month so far',
    atRisk: (count, names) => `${plural('en', count, { one: '# creator is', other: '# creators are' })} at risk of missing the requirements at the current pace: ${names}`,
    outOfReach: (count, names) => `${plural('en', count, { one: '# creator', other: '# creators' })} can no longer meet the requirements in the days left: ${names}`,
    wentDark: (count, names) => `${plural('en', count, { one: '# creator has', other: '# creators have' })} not gone LIVE for several days: ${names}`,
    tier: (diamonds, percent) => `Your next commission tier is within reach: projected +${diamonds} diamonds for ${percent}.`,
    link: (url) => `See the details: ${url}`,
  },
  de: {
    title: 'Tagesüberblick: Prognose zum Monatsende',
    atRisk: (count, names) => `${plural('de', count, { one: '# Creator ist', other: '# Creator sind' })} beim aktuellen Tempo gefährdet, die Anforderungen zu verfehlen: ${names}`,
    outOfReach: (count, names) => `${plural('de', count, { one: '# Creator kann', other: '# Creator können' })} die Anforderungen in den verbleibenden Tagen nicht mehr erfüllen: ${names}`,
    wentDark: (count, names) => `${plural('de', count, { one: '# Creator ist', other: '# Creator sind' })} seit einigen Tagen nicht mehr live gegangen: ${names}`,
    tier: (diamonds, percent) => `Ihre nächste Provisionsstufe ist in Reichweite: prognostiziert +${diamonds} Diamanten für ${percent}.`,
    link: (url) => `Details finden Sie hier: ${url}`,
  },
  az: {
    title: 'Gündəlik xülasə: ay sonu proqnozu',
    atRisk: (count, names) => `${plural('az', count, { other: '# yayımçı' })} bu templə ay sonuna qədər tələbləri yerinə yetirməyə bilər (risk altında): ${names}`,
    outOfReach: (count, names) => `${plural('az', count, { other: '# yayımçı' })} qalan günlərdə tələbləri artıq yerinə yetirə bilməz: ${names}`,
    wentDark: (count, names) => `${plural('az', count, { other: '# yayımçı' })} bir neçə gündür canlı yayıma çıxmayıb: ${names}`,
    tier: (diamonds, percent) => `Növbəti komissiya pilləsi yaxındır: ${percent} üçün proqnoz üzrə +${diamonds} almaz lazımdır.`,
    link: (url) => `Ətraflı baxmaq üçün: ${url}`,
  },
  ru: {
    title: 'Ежедневная сводка: прогноз на конец месяца',
    atRisk: (count, names) =>
      `${plural('ru', count, {
        one: '# автор при нынешнем темпе рискует',
        few: '# автора при нынешнем темпе рискуют',
        many: '# авторов при нынешнем темпе рискуют',
        other: '# автора при нынешнем темпе рискуют',
      })} не выполнить требования: ${names}`,
    outOfReach: (count, names) =>
      `${plural('ru', count, { one: '# автор уже не сможет', few: '# автора уже не смогут', many: '# авторов уже не смогут', other: '# автора уже не смогут' })} выполнить требования за оставшиеся дни: ${names}`,
    wentDark: (count, names) =>
      `${plural('ru', count, { one: '# автор уже несколько дней не выходит', few: '# автора уже несколько дней не выходят', many: '# авторов уже несколько дней не выходят', other: '# автора уже несколько дней не выходят' })} в эфир: ${names}`,
    tier: (diamonds, percent) => `Следующий уровень комиссии близко: по прогнозу нужно ещё +${diamonds} алмазов для ${percent}.`,
    link: (url) => `Подробности: ${url}`,
  },
  ro: {
    title: 'Rezumatul zilei: prognoza pentru sfârșitul lunii',
    atRisk: (count, names) =>
      `${plural('ro', count, { one: '# creator riscă', few: '# creatori riscă', other: '# de creatori riscă' })} să nu îndeplinească cerințele în ritmul actual: ${names}`,
    outOfReach: (count, names) =>
      `${plural('ro', count, { one: '# creator nu mai poate', few: '# creatori nu mai pot', other: '# de creatori nu mai pot' })} îndeplini cerințele în zilele rămase: ${names}`,
    wentDark: (count, names) =>
      `${plural('ro', count, { one: '# creator nu a mai intrat', few: '# creatori nu au mai intrat', other: '# de creatori nu au mai intrat' })} LIVE de câteva zile: ${names}`,
    tier: (diamonds, percent) => `Următorul prag de comision este aproape: conform prognozei mai sunt necesare +${diamonds} diamante pentru ${percent}.`,
    link: (url) => `Vedeți detaliile: ${url}`,
  },
};

/** `@a, @b, @c` and "(+N)" beyond the first ten. */
function namesOf(usernames: readonly string[]): string {
  const shown = [...usernames].sort().slice(0, 10).map((name) => `@${name}`).join(', ');
  return usernames.length > 10 ? `${shown} (+${usernames.length - 10})` : shown;
}

/** The brief's title and lines in `locale`; `usernames` maps the creator ids of `news` to their usernames. */
export function briefText(locale: Locale, news: BriefNews, usernames: (id: string) => string): { title: string; lines: string[] } {
  const texts = BRIEF_TEXTS[locale];
  const lines: string[] = [];
  if (news.outOfReach.length > 0) lines.push(texts.outOfReach(news.outOfReach.length, namesOf(news.outOfReach.map(usernames))));
  if (news.atRisk.length > 0) lines.push(texts.atRisk(news.atRisk.length, namesOf(news.atRisk.map(usernames))));
  if (news.wentDark.length > 0) lines.push(texts.wentDark(news.wentDark.length, namesOf(news.wentDark.map(usernames))));
  if (news.tier) lines.push(texts.tier(formatNumber(news.tier.diamondsNeeded, locale), formatPercent(bpsToPercent(news.tier.rateBps), locale)));
  return { title: texts.title, lines };
}

export function briefLink(locale: Locale, url: string): string {
  return BRIEF_TEXTS[locale].link(url);
}
