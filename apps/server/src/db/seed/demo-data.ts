/**
 * The demo agency: fixed people, creators and figures. Dates are derived from the clock's current
 * month only, so two seeds at the same moment give the same rows. No randomness.
 */

export const DEMO_MEMBER_PASSWORD = 'Member!2026demo';

export type DemoMemberKey = 'ayse' | 'mehmet' | 'elif' | 'can' | 'zeynep';

export interface DemoMember {
  key: DemoMemberKey;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  status: 'active' | 'pending';
  referralCode: string;
  referredBy: DemoMemberKey | null;
  /** Days before the first day of the oldest demo month. */
  joinedDaysBefore: number;
}

export const DEMO_MEMBERS: DemoMember[] = [
  {
    key: 'ayse',
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    email: 'ayse@example.com',
    phone: '+905320000002',
    status: 'active',
    referralCode: 'AYSE2026',
    referredBy: null,
    joinedDaysBefore: 120,
  },
  {
    key: 'mehmet',
    firstName: 'Mehmet',
    lastName: 'Kaya',
    email: 'mehmet@example.com',
    phone: '+905320000003',
    status: 'active',
    referralCode: 'MEHMET26',
    referredBy: 'ayse',
    joinedDaysBefore: 90,
  },
  {
    key: 'elif',
    firstName: 'Elif',
    lastName: 'Demir',
    email: 'elif@example.com',
    phone: '+905320000004',
    status: 'active',
    referralCode: 'ELIF2026',
    referredBy: null,
    joinedDaysBefore: 75,
  },
  {
    key: 'can',
    firstName: 'Can',
    lastName: 'Öztürk',
    email: 'can@example.com',
    phone: '+905320000005',
    status: 'pending',
    referralCode: 'CAN20260',
    referredBy: null,
    joinedDaysBefore: -1,
  },
  {
    key: 'zeynep',
    firstName: 'Zeynep',
    lastName: 'Şahin',
    email: 'zeynep@example.com',
    phone: '+905320000006',
    status: 'active',
    referralCode: 'ZEYNEP26',
    referredBy: null,
    joinedDaysBefore: 40,
  },
];

/** Ayşe's bank details: a checksum-valid Turkish IBAN and T.C. kimlik no., verified. */
export const DEMO_AYSE_BANK = {
  holderName: 'Ayşe Yılmaz',
  identityNumber: '10000000146',
  bankName: 'T.C. Ziraat Bankası',
  iban: 'TR360001000123456789012345',
};

export interface DemoCreator {
  tiktokUsername: string;
  name: string;
  status: 'active' | 'pending' | 'inactive';
  reason: string | null;
  owner: DemoMemberKey | null;
  affiliate: DemoMemberKey | null;
  agencyCenterCode: string;
  joinedDaysBefore: number;
  /** Diamonds for [two months ago, last month, this month so far]; empty for a pending creator. */
  diamonds: [number, number, number] | [];
  /** Average LIVE hours per valid day. */
  hoursPerDay: number;
  matchesPerDay: number;
}

/**
 * Ayşe is the affiliate of five creators whose diamonds add up to 3,315,000 last month, which
 * crosses the 3,000,000 tier; the other members stay in the first tier.
 */
export const DEMO_CREATORS: DemoCreator[] = [
  { tiktokUsername: 'ayse.yilmaz.live', name: 'Ayşe Yılmaz', status: 'active', reason: null, owner: 'ayse', affiliate: 'ayse', agencyCenterCode: 'IST-01', joinedDaysBefore: 118, diamonds: [610_000, 845_000, 320_000], hoursPerDay: 3.2, matchesPerDay: 4 },
  { tiktokUsername: 'mehmet.kaya', name: 'Mehmet Kaya', status: 'active', reason: null, owner: 'mehmet', affiliate: 'ayse', agencyCenterCode: 'IST-01', joinedDaysBefore: 88, diamonds: [420_000, 655_000, 240_000], hoursPerDay: 2.6, matchesPerDay: 3 },
  { tiktokUsername: 'istanbul.nights', name: 'İstanbul Nights', status: 'active', reason: null, owner: null, affiliate: 'ayse', agencyCenterCode: 'IST-02', joinedDaysBefore: 100, diamonds: [980_000, 1_140_000, 415_000], hoursPerDay: 4.1, matchesPerDay: 6 },
  { tiktokUsername: 'bosphorus_beats', name: 'Bosphorus Beats', status: 'active', reason: null, owner: null, affiliate: 'ayse', agencyCenterCode: 'IST-02', joinedDaysBefore: 95, diamonds: [310_000, 420_000, 150_000], hoursPerDay: 2.2, matchesPerDay: 2 },
  { tiktokUsername: 'kebab.master', name: 'Kebab Master', status: 'active', reason: null, owner: null, affiliate: 'ayse', agencyCenterCode: 'ANK-01', joinedDaysBefore: 70, diamonds: [150_000, 255_000, 90_000], hoursPerDay: 1.8, matchesPerDay: 1 },
  { tiktokUsername: 'elif.demir.tv', name: 'Elif Demir', status: 'active', reason: null, owner: 'elif', affiliate: 'elif', agencyCenterCode: 'IZM-01', joinedDaysBefore: 74, diamonds: [520_000, 610_000, 205_000], hoursPerDay: 3.0, matchesPerDay: 3 },
  { tiktokUsername: 'anka.gaming', name: 'Anka Gaming', status: 'active', reason: null, owner: null, affiliate: 'elif', agencyCenterCode: 'IZM-01', joinedDaysBefore: 65, diamonds: [1_350_000, 1_520_000, 560_000], hoursPerDay: 5.0, matchesPerDay: 8 },
  { tiktokUsername: 'deniz_dance', name: 'Deniz Dance', status: 'active', reason: null, owner: null, affiliate: 'elif', agencyCenterCode: 'IZM-02', joinedDaysBefore: 60, diamonds: [88_000, 112_000, 54_000], hoursPerDay: 1.4, matchesPerDay: 1 },
  { tiktokUsername: 'zeynep.sahin', name: 'Zeynep Şahin', status: 'active', reason: null, owner: 'zeynep', affiliate: 'zeynep', agencyCenterCode: 'ANK-01', joinedDaysBefore: 39, diamonds: [205_000, 372_000, 133_000], hoursPerDay: 2.5, matchesPerDay: 2 },
  { tiktokUsername: 'kapadokya.vibes', name: 'Kapadokya Vibes', status: 'active', reason: null, owner: null, affiliate: 'zeynep', agencyCenterCode: 'ANK-02', joinedDaysBefore: 35, diamonds: [2_150_000, 2_480_000, 910_000], hoursPerDay: 6.0, matchesPerDay: 9 },
  { tiktokUsername: 'mert.music', name: 'Mert Müzik', status: 'inactive', reason: 'Stopped going LIVE and asked to leave the agency', owner: null, affiliate: 'mehmet', agencyCenterCode: 'IST-01', joinedDaysBefore: 85, diamonds: [265_000, 96_000, 50_000], hoursPerDay: 1.2, matchesPerDay: 1 },
  { tiktokUsername: 'can.ozturk', name: 'Can Öztürk', status: 'pending', reason: null, owner: 'can', affiliate: null, agencyCenterCode: 'IST-01', joinedDaysBefore: -1, diamonds: [], hoursPerDay: 0, matchesPerDay: 0 },
];

export const DEMO_SETTINGS = {
  agencyName: 'Yıldız LIVE Agency',
  pageTitle: 'Yıldız LIVE Agency - TikTok LIVE talent agency',
  pageDescription: 'An official TikTok LIVE agency: join free, grow your LIVE audience and get paid every month.',
  contactPhone: '+90 212 555 01 00',
  contactEmail: 'hello@example.com',
  contactAddress: 'Büyükdere Cd. No: 1, Levent, İstanbul',
  supportHours: 'Weekdays 10:00-17:00',
  referralsEnabled: true,
};

/**
 * Elif's bank details, entered by her in the middle month and verified by the admin a day later:
 * a checksum-valid Turkish IBAN (Garanti BBVA, bank code 00062) and T.C. kimlik no.
 */
export const DEMO_ELIF_BANK = {
  holderName: 'Elif Demir',
  identityNumber: '28461937550',
  bankName: 'Türkiye Garanti Bankası',
  iban: 'TR020006200119000006298765',
};

/**
 * What the admin and the members typed in the demo's history (payments, deductions,
 * notifications): in Turkish, the language of the demo agency and of its members.
 */
export const DEMO_TEXTS = {
  ayseRentRequest: 'Kira ödemesi için',
  transferReturned: 'Banka transferi iade etti: alıcı adı hesap sahibinin adıyla eşleşmedi.',
  microphoneAdvance: 'Mikrofon avansı',
  ayseMonthlyRequest: 'Aylık kazanç',
  ayseExtraRequest: 'Ek talep',
  secondRequestRejected: 'Aynı ay için tek talep yeterli; kalan bakiyeniz otomatik ödemeyle ödenecek.',
  ringLightAdvance: 'Halka ışık avansı',
  payoutCalendarTitle: 'Ödeme takvimi',
  payoutCalendarMessage:
    'Otomatik ödemeler her ayın 15\'inde yapılır. Ödemenizin gecikmemesi için banka bilgilerinizi profil sayfanızda güncel tutun.',
  tournamentTitle: 'Cumartesi eşleşme turnuvası',
  tournamentMessage:
    'Bu cumartesi 20:00\'de ajans içi eşleşme turnuvası var. Katılmak isteyen yayıncılarınızı cuma akşamına kadar bize bildirin.',
} as const;
