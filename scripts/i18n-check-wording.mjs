// The i18n check's wording rules: the informal forms of each language, and English left in a translation.

/** Words that stay the same in every language; a value made only of these (and numbers) is not compared. */
const UNIVERSAL_WORDS = ['LIVE Backstage', 'LIVE', 'TikTok', 'IBAN', 'E-mail', 'Email', 'PDF', 'JPG', 'PNG', 'CSV', 'XLSX', 'SMS', 'OTP', 'URL', 'USD', 'ID', 'OK', 'MB', 'KB', 'min', 'h'];

/**
 * Informal (second-person singular) forms, per language: a word or phrase matched whole (letters on
 * neither side), case-insensitively in the language's own casing. Each pattern is chosen so that it
 * cannot be part of formal text: Turkish and Azerbaijani `-sın/-sən` only after a tense or modal
 * suffix (so `olsun`, `-sınız`, `insan` pass), Romanian `ai` only in `ai nevoie` (`ai` is also an
 * article), Russian 2nd-person verbs in `-ешь/-ишь` but not `лишь`.
 */
const INFORMAL = {
  tr: [
    { pattern: 'sen|seni|sana|senin|sende|senden|seninle|bakiyen|bakiyeni|bakiyenin|bakiyende', hint: 'siz, sizin, size, bakiyeniz' },
    { pattern: '\\p{L}*(?:abilir|ebilir|[ıiuü]yor|malı|meli|acak|ecek|m[ıiuü]ş|m[ıiuü])s[ıiuü]n', hint: '-sınız / -siniz (yapabilirsiniz, gönderebilirsiniz)' },
    { pattern: '\\p{L}+[dt][ıiuü]ğ[ıiuü]n', hint: '-dığınız / -diğiniz (getirdiğiniz)' },
  ],
  az: [
    { pattern: 'sən|səni|sənə|sənin|səndə|səndən|səninlə', hint: 'siz, sizin, sizə' },
    { pattern: '\\p{L}*(?:[ae]r|ər|[ıiuü]r|acaq|əcək|malı|məli|m[ıiuü]ş|m[ıiuü])s[aə]n', hint: '-sınız / -siniz (edə bilərsiniz)' },
    // `gətirdiyin` (d + iy + in), not the formal imperative `istəyin`, `gözləyin`.
    { pattern: '\\p{L}+d(?:ığ|iy|uğ|üy)[ıiuü]n', hint: '-diyiniz / -dığınız (gətirdiyiniz)' },
  ],
  de: [{ pattern: 'du|dich|dir|dein|deine|deiner|deinem|deinen|deines|euch|euer|eure|euren|eurem|eurer', hint: 'Sie, Ihnen, Ihr' }],
  ru: [
    { pattern: 'ты|тебя|тебе|тобой|тобою|твой|твоя|твоё|твое|твои|твоего|твоей|твоему|твоим|твоих|твоими|твою', hint: 'вы, вас, вам, ваш' },
    { pattern: '(?!лишь)\\p{L}{2,}(?:ешь|ёшь|ишь)', hint: '-ете / -ите (можете)' },
    { pattern: 'попробуй|нажми|выбери|введи|загрузи|проверь|подожди|отправь|укажи|свяжись|посмотри|скачай|войди', hint: '-йте / -ите (попробуйте)' },
  ],
  ro: [
    {
      pattern: 'tu|te|tău|ta|tale|tine|ție|ţie|îți|îţi|ți|ţi|poți|poţi|ești|eşti|vrei|știi|ştii|ai nevoie|contul tău|de tine',
      hint: 'dumneavoastră, vă, puteți, sunteți, aveți nevoie',
    },
  ],
};

/** Common English words: none is a word of tr, de, az, ru or ro (so `total`, `status`, `data`, `not` are not here). */
const COMMON_ENGLISH = new Set(
  'the and your you please click upload uploads uploaded download downloads payment payments with from this these here will should cannot enter select settings account password earnings invoice invoices deduction deductions notification notifications member members save cancel delete search loading failed success submit back next close request requests approved rejected pending paid unread found more than days hours month months rows row'.split(' '),
);
/** Words of COMMON_ENGLISH that a language has taken over (the glossary's German Upload / Download). */
const ENGLISH_ALLOWED_IN = { de: new Set(['upload', 'uploads', 'download', 'downloads']) };
/** Brand, product and file words that stay English in every language (besides UNIVERSAL_WORDS). */
const ALLOWED_WORDS = new Set(['backstage', 'creator', 'creators', 'data', 'tiktok', 'live', 'whatsapp', 'instagram', 'excel', 'google', 'xlsx', 'csv', 'iban', 'swift', 'bic', 'api', 'http', 'https', 'www', 'com']);

/** Strips placeholders, numbers and universal words; what is left is what a translator translates. */
export function translatableText(value) {
  let text = value.replace(/\{\{[^}]*\}\}/g, ' ').replace(/<[^>]+>/g, ' ');
  for (const word of UNIVERSAL_WORDS) text = text.split(word).join(' ');
  return text.replace(/[^\p{L}]+/gu, '');
}

const informalCache = new Map();
function informalPatterns(locale) {
  if (!informalCache.has(locale)) {
    informalCache.set(
      locale,
      (INFORMAL[locale] ?? []).map(({ pattern, hint }) => ({ regex: new RegExp(`(?<![\\p{L}\\p{M}])(?:${pattern})(?![\\p{L}\\p{M}])`, 'u'), hint })),
    );
  }
  return informalCache.get(locale);
}

/** The informal word of a value, with the formal form to use, or null. */
export function findInformal(locale, value) {
  const text = value.replace(/\{\{[^}]*\}\}/g, ' ').replace(/<[^>]+>/g, ' ').toLocaleLowerCase(locale);
  for (const { regex, hint } of informalPatterns(locale)) {
    const match = regex.exec(text);
    if (match) return { word: match[0], hint };
  }
  return null;
}

/** Latin words of a value, placeholders, tags and universal words left out. */
function wordsOf(value) {
  let text = value.replace(/\{\{[^}]*\}\}/g, ' ').replace(/<[^>]+>/g, ' ');
  // Whole words only: "h" and "min" are universal, "Dashboard" and "Matches" are not split by them.
  for (const word of UNIVERSAL_WORDS) text = text.replace(new RegExp(`(?<![\\p{L}])${word}(?![\\p{L}])`, 'gu'), ' ');
  return text.match(/[\p{L}\p{M}]+/gu) ?? [];
}

/** Why a non-English value still reads as English, or null. */
export function findEnglish(locale, value, english) {
  const words = wordsOf(value);
  const allowed = ENGLISH_ALLOWED_IN[locale];
  const common = words.find((word) => COMMON_ENGLISH.has(word.toLowerCase()) && !allowed?.has(word.toLowerCase()));
  if (common) return `the English word "${common}"`;
  if (typeof english === 'string' && value.trim() === english.trim()) {
    const englishWords = words.filter((word) => /^[A-Za-z]{2,}$/.test(word) && !ALLOWED_WORDS.has(word.toLowerCase()));
    if (englishWords.length >= 2) return `the English text unchanged ("${value.trim().slice(0, 60)}")`;
  }
  return null;
}
