import type { Locale } from '@agency/shared';

/**
 * What a shared link of the portal shows in WhatsApp, Telegram and the like (the page's title,
 * description, Open Graph and Twitter card tags), in the visitor's language, with the agency's
 * name. Formal register (siz / Sie / siz / вы / dumneavoastră), terms of docs/glossary.md; a
 * placeholder never carries a case suffix (the agency's name is followed by a noun that does:
 * "{name} ajansına"). share-texts.test.ts checks that every language has every text.
 */
export interface ShareTexts {
  landing: { title(agency: string): string; description(agency: string): string };
  apply: {
    title(agency: string): string;
    description(agency: string): string;
    /** The link carries a member's referral code: the reader was invited. */
    invited(agency: string): string;
  };
}

export const SHARE_TEXTS: Record<Locale, ShareTexts> = {
  tr: {
    landing: {
      title: (agency) => `${agency} | TikTok canlı yayın ajansı`,
      description: (agency) =>
        `${agency} ajansına ücretsiz katılın, TikTok'ta canlı yayına çıkın, elmaslarınızı ve kazancınızı takip edin. Ödemeler her ay yapılır.`,
    },
    apply: {
      title: (agency) => `${agency} ajansına başvurun`,
      description: (agency) => `${agency} ajansına üç adımda başvurun: adınız, TikTok kullanıcı adınız ve telefon numaranız. Başvuru ücretsizdir.`,
      invited: (agency) => `${agency} ajansına TikTok yayıncısı olarak katılmaya davet edildiniz. Başvuru ücretsizdir ve bir dakika sürer.`,
    },
  },
  en: {
    landing: {
      title: (agency) => `${agency} | TikTok LIVE agency`,
      description: (agency) => `Join ${agency} for free, go LIVE on TikTok and follow your diamonds and earnings. Payouts every month.`,
    },
    apply: {
      title: (agency) => `Apply to ${agency}`,
      description: (agency) => `Apply to ${agency} in three steps: your name, your TikTok username and your phone number. Applying is free.`,
      invited: (agency) => `You have been invited to join ${agency} as a TikTok LIVE creator. Applying is free and takes a minute.`,
    },
  },
  de: {
    landing: {
      title: (agency) => `${agency} | TikTok-LIVE-Agentur`,
      description: (agency) =>
        `Werden Sie kostenlos Teil von ${agency}, gehen Sie auf TikTok live und behalten Sie Ihre Diamanten und Einnahmen im Blick. Auszahlung jeden Monat.`,
    },
    apply: {
      title: (agency) => `Bewerben Sie sich bei ${agency}`,
      description: (agency) =>
        `Bewerben Sie sich in drei Schritten bei ${agency}: Ihr Name, Ihr TikTok-Benutzername und Ihre Telefonnummer. Die Bewerbung ist kostenlos.`,
      invited: (agency) => `Sie wurden eingeladen, als TikTok-LIVE-Creator bei ${agency} mitzumachen. Die Bewerbung ist kostenlos und dauert eine Minute.`,
    },
  },
  az: {
    landing: {
      title: (agency) => `${agency} | TikTok canlı yayım agentliyi`,
      description: (agency) =>
        `${agency} agentliyinə pulsuz qoşulun, TikTok-da canlı yayıma çıxın, almazlarınızı və qazancınızı izləyin. Ödənişlər hər ay edilir.`,
    },
    apply: {
      title: (agency) => `${agency} agentliyinə müraciət edin`,
      description: (agency) => `${agency} agentliyinə üç addımda müraciət edin: adınız, TikTok istifadəçi adınız və telefon nömrəniz. Müraciət pulsuzdur.`,
      invited: (agency) => `Siz ${agency} agentliyinə TikTok yayımçısı kimi qoşulmağa dəvət olunmusunuz. Müraciət pulsuzdur və bir dəqiqə çəkir.`,
    },
  },
  ru: {
    landing: {
      title: (agency) => `${agency} | агентство эфиров TikTok LIVE`,
      description: (agency) =>
        `Присоединяйтесь к агентству ${agency} бесплатно, выходите в эфир в TikTok и следите за своими алмазами и доходом. Выплаты каждый месяц.`,
    },
    apply: {
      title: (agency) => `Подайте заявку в агентство ${agency}`,
      description: (agency) => `Заявка в агентство ${agency} в три шага: ваше имя, имя пользователя TikTok и номер телефона. Подать заявку можно бесплатно.`,
      invited: (agency) => `Вас пригласили присоединиться к агентству ${agency} как автора эфиров TikTok. Подать заявку можно бесплатно, это займёт минуту.`,
    },
  },
  ro: {
    landing: {
      title: (agency) => `${agency} | agenție TikTok LIVE`,
      description: (agency) =>
        `Alăturați-vă gratuit agenției ${agency}, intrați LIVE pe TikTok și urmăriți-vă diamantele și câștigurile. Plăți în fiecare lună.`,
    },
    apply: {
      title: (agency) => `Înscrieți-vă la agenția ${agency}`,
      description: (agency) =>
        `Înscrieți-vă la agenția ${agency} în trei pași: numele dvs., numele de utilizator TikTok și numărul de telefon. Înscrierea este gratuită.`,
      invited: (agency) => `Ați fost invitat să vă alăturați agenției ${agency} ca creator TikTok LIVE. Înscrierea este gratuită și durează un minut.`,
    },
  },
};
