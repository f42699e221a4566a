/**
 * The header aliases of the LIVE Backstage "Creator data" export, in one table. Headers are
 * compared after `normalizeHeader` (trimmed, spaces collapsed, trailing ':' dropped, lower case
 * both the plain and the Turkish way), so the aliases below are written as the export shows them.
 *
 * Fields read by the import: username, diamonds (this period; `Diamonds in L30D` only when there is
 * no this-period column), liveDuration, validDays, matches, lastLive, creatorId and status (to spot
 * creators who quit). The other known columns are recognised (listed in the report) but not read;
 * the `last month` columns are never read.
 */
export const BACKSTAGE_FIELDS = [
  'username',
  'creatorId',
  'diamonds',
  'diamondsLast30Days',
  'liveDuration',
  'liveDurationLast30Days',
  'validDays',
  'validDaysLast30Days',
  'matches',
  'lastLive',
  'dataPeriod',
  'status',
  'joinTime',
  'group',
  'networkManager',
  'daysSinceJoining',
  'newFollowers',
  'liveStreams',
  'diamondsLastMonth',
  'liveDurationLastMonth',
  'validDaysLastMonth',
  'diamondsFromMatches',
  'graduationStatus',
  'tierStatus',
] as const;
export type BackstageField = (typeof BACKSTAGE_FIELDS)[number];

export const BACKSTAGE_ALIASES: Record<BackstageField, readonly string[]> = {
  username: [
    "Creator's username",
    'Creator’s username',
    'Creator username',
    'Username',
    'TikTok username',
    // tr
    'Yayıncının kullanıcı adı',
    'Yayıncı kullanıcı adı',
    'İçerik üreticisinin kullanıcı adı',
    'Kullanıcı adı',
    // de
    'Benutzername des Creators',
    'Benutzername',
    'Creator-Benutzername',
    // az
    'Yayımçının istifadəçi adı',
    'İstifadəçi adı',
    // ru
    'Имя пользователя автора',
    'Имя пользователя',
    // ro
    'Numele de utilizator al creatorului',
    'Nume de utilizator',
  ],
  creatorId: ['Creator ID', 'Yayıncı Kimliği', 'Yayıncı ID', 'Creator-ID', 'Yayımçı ID', 'ID автора', 'ID creator'],
  diamonds: [
    'Diamonds',
    // tr
    'Elmaslar',
    'Elmas',
    // de
    'Diamanten',
    // az
    'Almazlar',
    // ru
    'Алмазы',
    // ro
    'Diamante',
  ],
  diamondsLast30Days: [
    'Diamonds in L30D',
    'Son 30 gündeki elmaslar',
    'Son 30 gün elmas',
    'Diamanten in den letzten 30 Tagen',
    'Son 30 gündə almazlar',
    'Алмазы за 30 дней',
    'Diamante în ultimele 30 de zile',
  ],
  liveDuration: [
    'LIVE duration',
    // tr
    'CANLI yayın süresi',
    'Canlı yayın süresi',
    // de
    'LIVE-Dauer',
    'LIVE Dauer',
    // az
    'CANLI yayım müddəti',
    'Canlı yayım müddəti',
    // ru
    'Длительность LIVE',
    'Продолжительность LIVE',
    // ro
    'Durata LIVE',
  ],
  liveDurationLast30Days: [
    'LIVE duration in L30D',
    'Son 30 gündeki CANLI yayın süresi',
    'LIVE-Dauer in den letzten 30 Tagen',
    'Son 30 gündə CANLI yayım müddəti',
    'Длительность LIVE за 30 дней',
    'Durata LIVE în ultimele 30 de zile',
  ],
  validDays: [
    'Valid go LIVE days',
    'Valid LIVE days',
    // tr
    'Geçerli CANLI yayın günleri',
    'Geçerli canlı yayın günü',
    'Geçerli canlı yayın günleri',
    // de
    'Gültige LIVE-Tage',
    // az
    'Etibarlı CANLI yayım günləri',
    // ru
    'Действительные дни LIVE',
    'Засчитанные дни LIVE',
    // ro
    'Zile LIVE valide',
  ],
  validDaysLast30Days: [
    'Valid go LIVE days in L30D',
    'Son 30 gündeki geçerli CANLI yayın günleri',
    'Gültige LIVE-Tage in den letzten 30 Tagen',
    'Son 30 gündə etibarlı CANLI yayım günləri',
    'Действительные дни LIVE за 30 дней',
    'Zile LIVE valide în ultimele 30 de zile',
  ],
  matches: ['Matches', 'Eşleşmeler', 'Maçlar', 'Matches (PK)', 'Übereinstimmungen', 'Matçlar', 'Матчи', 'Meciuri'],
  lastLive: ['Last LIVE', 'Son CANLI yayın', 'Son canlı yayın', 'Letztes LIVE', 'Son CANLI yayım', 'Последний LIVE', 'Ultimul LIVE'],
  dataPeriod: ['Data period', 'Veri dönemi', 'Datenzeitraum', 'Məlumat dövrü', 'Период данных', 'Perioada datelor'],
  status: ['Status', 'Durum', 'Status des Creators', 'Vəziyyət', 'Статус', 'Stare'],
  joinTime: ['Join time', 'Katılma zamanı', 'Beitrittszeit', 'Qoşulma vaxtı', 'Время присоединения', 'Data aderării'],
  group: ['Group', 'Grup', 'Gruppe', 'Qrup', 'Группа', 'Grupă'],
  networkManager: ['Creator Network manager', 'Yayıncı Ağı yöneticisi', 'Creator Network Manager'],
  daysSinceJoining: ['Days since joining', 'Katılmadan bu yana geçen gün', 'Tage seit Beitritt'],
  newFollowers: ['New followers', 'Yeni takipçiler', 'Neue Follower', 'Yeni izləyicilər', 'Новые подписчики', 'Urmăritori noi'],
  liveStreams: ['LIVE streams', 'CANLI yayınlar', 'LIVE-Streams', 'CANLI yayımlar', 'Трансляции LIVE', 'Transmisiuni LIVE'],
  diamondsLastMonth: ['Diamonds last month', 'Geçen ayki elmaslar', 'Diamanten letzter Monat'],
  liveDurationLastMonth: [
    'LIVE duration (hours) last month',
    'LIVE duration last month',
    'Geçen ayki CANLI yayın süresi (saat)',
    'LIVE-Dauer (Stunden) letzter Monat',
  ],
  validDaysLastMonth: ['Valid go LIVE days last month', 'Geçen ayki geçerli CANLI yayın günleri', 'Gültige LIVE-Tage letzter Monat'],
  diamondsFromMatches: ['Diamonds from matches', 'Eşleşmelerden elmaslar', 'Diamanten aus Matches'],
  graduationStatus: ['Graduation status', 'Mezuniyet durumu', 'Abschlussstatus'],
  tierStatus: ['Tier status', 'Seviye durumu', 'Stufenstatus'],
};

/** What a creator who left the agency shows instead of an id (or as the status). */
export const CREATOR_QUIT_TEXTS = [
  'the creator has quit the network',
  'yayıncı ağdan ayrıldı',
  'yayıncı ağdan çıktı',
  'der creator hat das netzwerk verlassen',
  'автор покинул сеть',
  'creatorul a părăsit rețeaua',
] as const;

/** Lower case the plain way; Turkish dotted/dotless i is handled by the second form. */
function lowerForms(text: string): string[] {
  return [...new Set([text.toLowerCase(), text.toLocaleLowerCase('tr')])];
}

/** `"  Creator ID: "` -> `creator id`; apostrophes unified (’ -> '). */
export function normalizeHeader(header: string): string {
  return header
    .replace(/[’‘`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*:+$/, '')
    .trim();
}

function buildAliasIndex(): Map<string, BackstageField> {
  const index = new Map<string, BackstageField>();
  for (const field of BACKSTAGE_FIELDS) {
    for (const alias of BACKSTAGE_ALIASES[field]) {
      for (const form of lowerForms(normalizeHeader(alias))) if (!index.has(form)) index.set(form, field);
    }
  }
  return index;
}

const ALIAS_INDEX = buildAliasIndex();

/** The field a header names, or null for a column the import does not know. */
export function matchHeader(header: string): BackstageField | null {
  const normalized = normalizeHeader(header);
  if (!normalized) return null;
  for (const form of lowerForms(normalized)) {
    const field = ALIAS_INDEX.get(form);
    if (field) return field;
  }
  return null;
}

export function isCreatorQuitText(value: string): boolean {
  // Fast path for the usual cells (ids, usernames, `Active`): every quit text is a sentence.
  if (value.length < 15 || !value.includes(' ')) return false;
  const forms = lowerForms(value.trim());
  return CREATOR_QUIT_TEXTS.some((text) => forms.some((form) => form.includes(text)));
}
