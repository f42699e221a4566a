/**
 * Layout recognition of the LIVE Backstage exports (docs/product.md §6): which column of a header
 * row is which field, in any of the layouts and interface languages seen in public code that reads
 * real exports, and beyond the list by the words headers are made of.
 *
 * A header is compared after `headerKey`: case folded (the Turkish İ/ı too), diacritics removed,
 * punctuation and unit suffixes (`(h)`, `(d)`, `(hours)`) dropped, spaces collapsed. So
 * `LIVE duration(h)`, `Live Duration (hours)` and `live-duration` are one header.
 *
 * First the alias table (exact keys); then, for a header the table does not know, the word rules
 * (`classifyByWords`): a header with a diamonds word (`diamond`, `elmas`, `diamant`, `алмаз` ...)
 * and a 30-day marker is the rolling diamonds, and so on. A header row in which the username or the
 * diamonds are still not found goes to the admin (the mapping question of the dry run).
 *
 * Figures are read from one window only: this period's columns (`Diamonds`, with a `Data period`),
 * else the selected period's, else the last 30 days'. `... last month` columns are never read.
 */
const BACKSTAGE_FIELDS = [
  'username',
  'creatorId',
  'diamonds',
  'diamondsLast30Days',
  'diamondsSelectedPeriod',
  'liveDuration',
  'liveDurationLast30Days',
  'liveDurationSelectedPeriod',
  'validDays',
  'validDaysLast30Days',
  'validDaysSelectedPeriod',
  'matches',
  'lastLive',
  'dataPeriod',
  'selectedPeriod',
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

const BACKSTAGE_ALIASES: Record<BackstageField, readonly string[]> = {
  username: [
    "Creator's username",
    'Creator username',
    'Creator',
    'Username',
    'TikTok username',
    // tr
    'İçerik üreticisinin kullanıcı adı',
    'İçerik üreticisi',
    'Yayıncının kullanıcı adı',
    'Yayıncı kullanıcı adı',
    'Kullanıcı adı',
    // es
    'Nombre de usuario del creador',
    'Nombre de usuario',
    'Creador',
    // de
    'Benutzername des Creators',
    'Creator-Benutzername',
    'Benutzername',
    // az
    'Yayımçının istifadəçi adı',
    'İstifadəçi adı',
    // ru
    'Имя пользователя автора',
    'Имя пользователя',
    // ro
    'Numele de utilizator al creatorului',
    'Nume de utilizator',
    // pt, fr, it, id, vi
    'Nome de usuário do criador',
    "Nom d'utilisateur du créateur",
    'Nome utente del creator',
    'Nama pengguna kreator',
    'Tên người dùng của nhà sáng tạo',
  ],
  creatorId: ['Creator ID', 'ID del creador', 'İçerik üreticisi kimliği', 'Yayıncı Kimliği', 'Yayıncı ID', 'Creator-ID', 'Yayımçı ID', 'ID автора', 'ID creator', 'ID do criador'],
  diamonds: ['Diamonds', 'Elmaslar', 'Elmas', 'Diamantes', 'Diamanten', 'Almazlar', 'Алмазы', 'Diamante', 'Diamants', 'Diamanti', 'Berlian', 'Kim cương'],
  diamondsLast30Days: [
    'Diamonds in L30D',
    'Diamonds L30D',
    'Diamonds in the last 30 days',
    'Son 30 gündeki elmaslar',
    'Son 30 gün elmas',
    'Diamantes en los últimos 30 días',
    'Diamanten in den letzten 30 Tagen',
    'Son 30 gündə almazlar',
    'Алмазы за 30 дней',
    'Алмазы за последние 30 дней',
    'Diamante în ultimele 30 de zile',
  ],
  diamondsSelectedPeriod: ['Diamonds in selected period', 'Diamantes en el período seleccionado', 'Seçilen dönemdeki elmaslar', 'Diamanten im ausgewählten Zeitraum'],
  liveDuration: [
    'LIVE duration',
    'CANLI Yayın süresi',
    'Duración de LIVE',
    'Duración del LIVE',
    'LIVE-Dauer',
    'CANLI yayım müddəti',
    'Длительность LIVE',
    'Продолжительность LIVE',
    'Durata LIVE',
  ],
  liveDurationLast30Days: [
    'LIVE duration in L30D',
    'LIVE duration L30D',
    'Son 30 gündeki CANLI Yayın süresi',
    'Duración de LIVE en los últimos 30 días',
    'LIVE-Dauer in den letzten 30 Tagen',
    'Son 30 gündə CANLI yayım müddəti',
    'Длительность LIVE за 30 дней',
    'Durata LIVE în ultimele 30 de zile',
  ],
  liveDurationSelectedPeriod: ['LIVE duration in selected period', 'Duración de LIVE en el período seleccionado', 'Seçilen dönemdeki CANLI Yayın süresi'],
  validDays: [
    'Valid go LIVE days',
    'Valid LIVE days',
    'Valid days',
    'Geçerli CANLI yayın günleri',
    'Geçerli CANLI Yayın yapılan günler',
    'Días válidos de emisiones LIVE',
    'Días válidos de LIVE',
    'Gültige LIVE-Tage',
    'Etibarlı CANLI yayım günləri',
    'Действительные дни LIVE',
    'Засчитанные дни LIVE',
    'Zile LIVE valide',
  ],
  validDaysLast30Days: [
    'Valid go LIVE days in L30D',
    'Valid go LIVE days L30D',
    'Son 30 günde geçerli CANLI Yayın yapılan günler',
    'Son 30 gündeki geçerli CANLI yayın günleri',
    'Días válidos de emisiones LIVE en los últimos 30 días',
    'Gültige LIVE-Tage in den letzten 30 Tagen',
    'Son 30 gündə etibarlı CANLI yayım günləri',
    'Действительные дни LIVE за 30 дней',
    'Zile LIVE valide în ultimele 30 de zile',
  ],
  validDaysSelectedPeriod: ['Valid go LIVE days in selected period', 'Días válidos de emisiones LIVE en el período seleccionado', 'Seçilen dönemde geçerli CANLI Yayın yapılan günler'],
  matches: ['Matches', 'Partidas', 'Eşleşmeler', 'Maçlar', 'Matches (PK)', 'Matçlar', 'Матчи', 'Meciuri'],
  lastLive: ['Last LIVE', 'Son CANLI', 'Son CANLI yayın', 'Último LIVE', 'Letztes LIVE', 'Son CANLI yayım', 'Последний LIVE', 'Ultimul LIVE'],
  dataPeriod: ['Data period', 'Veri dönemi', 'Período de datos', 'Datenzeitraum', 'Məlumat dövrü', 'Период данных', 'Perioada datelor'],
  selectedPeriod: ['Selected period', 'Seçilen dönem', 'Período seleccionado', 'Ausgewählter Zeitraum'],
  status: ['Status', 'Durum', 'Estado', 'Vəziyyət', 'Статус', 'Stare'],
  joinTime: ['Join time', 'Joined time', 'Katılma zamanı', 'Hora de incorporación', 'Fecha de incorporación', 'Beitrittszeit', 'Qoşulma vaxtı', 'Время присоединения', 'Data aderării'],
  group: ['Group', 'Grup', 'Grupo', 'Gruppe', 'Qrup', 'Группа', 'Grupă'],
  networkManager: ['Creator Network manager', 'Agent', 'Agente', 'Temsilci', 'Yayıncı Ağı yöneticisi', 'Agentin', 'Агент'],
  daysSinceJoining: ['Days since joining', 'Katılmadan bu yana geçen gün', 'Días desde la incorporación', 'Tage seit Beitritt'],
  newFollowers: ['New followers', 'Yeni takipçiler', 'Nuevos seguidores', 'Neue Follower', 'Yeni izləyicilər', 'Новые подписчики', 'Urmăritori noi'],
  liveStreams: ['LIVE streams', 'CANLI yayınlar', 'Emisiones LIVE', 'LIVE-Streams', 'CANLI yayımlar', 'Трансляции LIVE', 'Transmisiuni LIVE'],
  diamondsLastMonth: ['Diamonds last month', 'Geçen ayki elmaslar', 'Diamantes en el último mes', 'Diamanten letzter Monat'],
  liveDurationLastMonth: ['LIVE duration (hours) last month', 'LIVE duration last month', 'Geçen ayki CANLI yayın süresi (saat)', 'Duración de LIVE en el último mes', 'LIVE-Dauer (Stunden) letzter Monat'],
  validDaysLastMonth: ['Valid go LIVE days last month', 'Geçen ayki geçerli CANLI yayın günleri', 'Días válidos de emisiones LIVE en el último mes', 'Gültige LIVE-Tage letzter Monat'],
  diamondsFromMatches: ['Diamonds from matches', 'Eşleşmelerden elmaslar', 'Diamantes de partidas', 'Diamanten aus Matches'],
  graduationStatus: ['Graduation status', 'Mezuniyet durumu', 'Estado de graduación', 'Abschlussstatus'],
  tierStatus: ['Tier status', 'Seviye durumu', 'Estado del nivel', 'Stufenstatus'],
};

/** A unit in brackets (`(h)`, `(hours)`, `[d]`, `(saat)`): dropped; other brackets keep their words. */
const UNIT_SUFFIX = /[([]\s*(?:h|hr|hrs|hours?|d|days?|m|min|mins|minutes?|s|sec|secs|seconds?|saat|sa|dk|gun|g|std|stunden|tage|horas|dias|ore|zile|ч|дн|%|usd|\$)\s*[)\]]/gu;

/** What a creator who left the agency shows instead of an id (or as the status), as headerKey gives it. */
const CREATOR_QUIT_TEXTS = [
  'the creator has quit the network',
  'the creator has left the network',
  'icerik ureticisi agdan ayrildi',
  'yayinci agdan ayrildi',
  'yayinci agdan cikti',
  'el creador ha abandonado la red',
  'el creador ha dejado la red',
  'der creator hat das netzwerk verlassen',
  'автор покинул сеть',
  'creatorul a parasit reteaua',
].map((text) => headerKey(text));

/** Labels of rows of sums an agency adds under the creators: never creators. */
const TOTAL_LABELS = new Set(
  ['total', 'totals', 'grand total', 'sum', 'toplam', 'genel toplam', 'summe', 'gesamt', 'insgesamt', 'gesamtsumme', 'итого', 'всего', 'cemi', 'yekun', 'total general', 'suma', 'totale'].map((text) => headerKey(text)),
);

/**
 * The comparison key of a header or a label: case folded (Turkish İ and ı included), diacritics
 * removed, unit suffixes in brackets dropped, punctuation turned to spaces, spaces collapsed.
 */
export function headerKey(text: string): string {
  return text
    .replace(/[İI]/g, 'i')
    .replace(/ı/g, 'i')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ə/g, 'e')
    .replace(/ß/g, 'ss')
    .replace(UNIT_SUFFIX, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function buildAliasIndex(): Map<string, BackstageField> {
  const index = new Map<string, BackstageField>();
  for (const field of BACKSTAGE_FIELDS) {
    for (const alias of BACKSTAGE_ALIASES[field]) {
      const key = headerKey(alias);
      if (!index.has(key)) index.set(key, field);
    }
  }
  return index;
}

const ALIAS_INDEX = buildAliasIndex();

const has = (key: string, words: readonly string[]) => words.some((word) => ` ${key} `.includes(` ${word}`));
const DIAMOND_WORDS = ['diamond', 'diamant', 'elmas', 'almaz', 'алмаз', 'berlian', 'kim cuong'];
const DURATION_WORDS = ['duration', 'sure', 'duracion', 'dauer', 'muddet', 'длительн', 'продолжительн', 'durata', 'hours', 'saat'];
const VALID_DAY_WORDS = ['valid', 'gecerli', 'validos', 'gultig', 'etibarli', 'действительн', 'засчитан', 'valide'];
const USERNAME_WORDS = ['username', 'user name', 'kullanici adi', 'nombre de usuario', 'benutzername', 'istifadeci adi', 'имя пользователя', 'nume de utilizator', 'handle'];
const ROLLING_WORDS = ['l30d', '30'];
const SELECTED_WORDS = ['selected', 'secilen', 'seleccionado', 'ausgewahlt', 'выбран', 'selectat'];
const LAST_MONTH_WORDS = ['last month', 'gecen ay', 'ultimo mes', 'letzter monat', 'vorigen monat', 'прошлый месяц', 'luna trecuta'];
const MATCH_WORDS = ['match', 'partida', 'eslesme', 'mac', 'матч', 'meci'];

/** The field a header not in the alias table is about, by its words; null when it says nothing known. */
function classifyByWords(key: string): BackstageField | null {
  if (has(key, USERNAME_WORDS)) return 'username';
  const window = has(key, LAST_MONTH_WORDS) ? 'lastMonth' : has(key, SELECTED_WORDS) ? 'selected' : has(key, ROLLING_WORDS) ? 'rolling' : 'period';
  if (has(key, DIAMOND_WORDS)) {
    if (has(key, MATCH_WORDS)) return 'diamondsFromMatches';
    return { lastMonth: 'diamondsLastMonth', selected: 'diamondsSelectedPeriod', rolling: 'diamondsLast30Days', period: 'diamonds' }[window] as BackstageField;
  }
  if (has(key, VALID_DAY_WORDS)) {
    return { lastMonth: 'validDaysLastMonth', selected: 'validDaysSelectedPeriod', rolling: 'validDaysLast30Days', period: 'validDays' }[window] as BackstageField;
  }
  if (has(key, DURATION_WORDS) && has(key, ['live', 'canli', 'эфир', 'трансляц'])) {
    return { lastMonth: 'liveDurationLastMonth', selected: 'liveDurationSelectedPeriod', rolling: 'liveDurationLast30Days', period: 'liveDuration' }[window] as BackstageField;
  }
  return null;
}

/** The field a header names, or null for a column the import does not know. */
export function matchHeader(header: string): BackstageField | null {
  const key = headerKey(header);
  if (!key) return null;
  return ALIAS_INDEX.get(key) ?? classifyByWords(key);
}

export function isCreatorQuitText(value: string): boolean {
  // Fast path for the usual cells (ids, usernames, `Active`): every quit text is a sentence.
  if (value.length < 15 || !value.includes(' ')) return false;
  const key = headerKey(value);
  return CREATOR_QUIT_TEXTS.some((text) => key.includes(text));
}

/** `Total`, `Toplam`, `Summe`, `Итого` ...: the label of a row of sums. */
export function isTotalLabel(value: string): boolean {
  // Labels are words: a username (dots, underscores, digits) is never one, and is not keyed.
  return value.length <= 20 && ONLY_WORDS.test(value) && TOTAL_LABELS.has(headerKey(value));
}

const ONLY_WORDS = /^[\p{L}\s:]+$/u;
