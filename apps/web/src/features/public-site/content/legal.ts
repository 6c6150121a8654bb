/**
 * Text content of the public about, contact, terms and privacy pages.
 *
 * Every language has the same structure (same number of sections, paragraphs
 * and items per page). Strings in `privacy` use i18next-style placeholders:
 * `{{email}}` (support email), `{{host}}` (current host name) and
 * `{{address}}` (postal address).
 */

export type ContentLanguage = 'zh' | 'en' | 'ja';

export interface Section {
  heading: string;
  paragraphs: string[];
  items?: string[];
}

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface LegalContent {
  about: { title: string; intro: string; sections: Section[] };
  contact: {
    title: string;
    intro: string;
    hoursHeading: string;
    hours: string;
    replyTime: string;
    emailHeading: string;
    faqHeading: string;
    faq: FaqEntry[];
  };
  terms: { title: string; updated: string; sections: Section[] };
  privacy: { title: string; updated: string; sections: Section[]; effective: string };
}

const zh: LegalContent = {
  about: {
    title: '关于 SubTrans',
    intro:
      'SubTrans 是一款基于 AI 的在线字幕翻译服务，帮助您把视频轻松带给不同语言的观众，无需从零开始翻译。',
    sections: [
      {
        heading: '我们做什么',
        paragraphs: [
          '上传 SRT 字幕文件并选择目标语言，SubTrans 会逐句翻译字幕，并完整保留原有时间轴。随后您可以在分段编辑器中校对译文、直接修改或单独重新翻译某一句，最后导出可直接发布的字幕文件。',
          '音频和视频文件的自动转写功能正在规划中，将在后续版本推出。',
        ],
      },
      {
        heading: '适合谁使用',
        paragraphs: [
          'SubTrans 面向内容创作者、视频剪辑师、教育工作者，以及为海外观众发布视频的小型团队，帮助您快速获得准确的字幕，而无需手动管理繁琐的翻译流程。',
        ],
      },
      {
        heading: '使用流程',
        paragraphs: ['每个项目都遵循同样的五个步骤：'],
        items: [
          '上传：在工作台中添加 SRT 字幕文件。',
          '检测：系统自动识别源语言，并在扣费前显示所需点数。',
          '翻译：所选 AI 引擎逐句翻译字幕。',
          '校对：在分段编辑器中检查译文，直接修改，或对单句重新翻译。',
          '导出：下载 SRT 或 WebVTT 文件，也可导出原文与译文对照的双语字幕。',
        ],
      },
      {
        heading: '翻译引擎',
        paragraphs: [
          '默认使用 DeepSeek，译文自然流畅，能够结合上下文理解语义。您也可以根据语言组合和所需风格，选择 Google 翻译或其他可用引擎。',
        ],
      },
      {
        heading: '三种界面语言',
        paragraphs: [
          'SubTrans 网站和工作台提供简体中文、英文和日文三种界面语言，可随时切换。界面语言不影响字幕可翻译的目标语言。',
        ],
      },
    ],
  },
  contact: {
    title: '联系我们',
    intro:
      '对账户、点数或翻译结果有任何疑问，欢迎随时联系我们的支持团队。来信时请注明您的账户邮箱；如涉及具体任务或订单，请一并提供任务编号或订单号，以便我们尽快处理。',
    hoursHeading: '工作时间',
    hours: '周一至周五 9:00–18:00（北京时间，UTC+8）',
    replyTime: '我们会在 1–2 个工作日内回复。',
    emailHeading: '电子邮箱',
    faqHeading: '常见问题',
    faq: [
      {
        question: '点数如何扣除？',
        answer:
          '翻译按字幕时长计费，每开始一分钟收取 10 点，不足一分钟按一分钟计算。例如 4 分 10 秒的字幕需要 50 点。所需点数会在开始前显示，并在任务完成时一次性扣除；如翻译失败，相应点数将退回您的账户。',
      },
      {
        question: '支持哪些文件格式？',
        answer:
          '目前支持上传 SRT 格式字幕，单个文件不超过 5 MB。译文可导出为 SRT、双语 SRT（原文与译文对照）或 WebVTT 格式。',
      },
      {
        question: '点数的有效期是多久？',
        answer: '点数自购买之日起 1 年内有效，到期未使用的点数将失效。建议您按一年内的实际需求购买。',
      },
      {
        question: '我的文件会如何处理？如何注销账户？',
        answer:
          '您的文件仅用于提供本服务。如需注销账户，请使用账户绑定的邮箱联系客服。账户注销后，账户数据将在 30 天内删除。',
      },
    ],
  },
  terms: {
    title: '服务条款',
    updated: '最后更新：2026-11-23',
    sections: [
      {
        heading: '接受条款',
        paragraphs: [
          '本服务条款适用于您对 SubTrans 网站及相关服务的使用。注册账户或使用本服务，即表示您同意本条款。如您不同意，请勿使用 SubTrans。',
        ],
      },
      {
        heading: '服务内容',
        paragraphs: [
          'SubTrans 支持上传字幕文件、通过 AI 翻译引擎进行翻译、校对和编辑译文，并以常用字幕格式导出。为改进服务，我们可能会新增、调整或下线部分功能。',
          '机器翻译可能存在错误，发布前请您自行校对译文。',
        ],
      },
      {
        heading: '账户',
        paragraphs: [
          '您须年满 13 周岁方可使用 SubTrans。如您未达到所在地的法定成年年龄，须取得父母或其他监护人的同意。',
          '您应妥善保管登录信息，并对账户下的所有活动负责。如发现账户被盗用，请及时通知我们。',
        ],
      },
      {
        heading: '点数与支付',
        paragraphs: [
          '翻译服务使用点数支付。点数可通过支付宝、银行卡等在线支付方式购买，价格会在付款前明确显示。',
          '翻译按每开始一分钟字幕 10 点计费。所需点数会在任务开始前显示，并在任务完成时扣除；任务失败时，点数将予以退回。点数自购买之日起 1 年内有效。',
        ],
      },
      {
        heading: '合理使用',
        paragraphs: [
          '您应合法、负责地使用 SubTrans。对于违反以下规定的账户，我们可能予以暂停或关闭。您不得：',
        ],
        items: [
          '上传您无权使用或侵犯他人权利的内容；',
          '上传违法内容，或宣扬暴力、仇恨、剥削未成年人的内容；',
          '试图干扰本服务或使其过载，或未经授权访问本服务或他人账户；',
          '以未经许可的自动化方式访问本服务，或未经我们同意转售本服务。',
        ],
      },
      {
        heading: '用户内容',
        paragraphs: [
          '您对上传的文件及生成的译文保留全部权利。您仅授予我们提供服务所必需的权限，用于存储和处理您的文件，包括将字幕文本发送至您选择的翻译引擎。',
          '我们仅为提供本服务而处理您的文件。',
        ],
      },
      {
        heading: '注销账户',
        paragraphs: [
          '您可以随时联系客服申请注销账户。对于严重或多次违反本条款的账户，我们也可能予以关闭。',
          '账户注销后，账户数据将在 30 天内删除，但下文所述需依法保留的记录除外。',
        ],
      },
      {
        heading: '记录保存',
        paragraphs: [
          '为保障服务安全运行和排查问题，我们会保存服务日志 12 个月。根据会计要求，支付记录将保存 5 年。',
        ],
      },
      {
        heading: '免责声明与责任限制',
        paragraphs: [
          'SubTrans 按“现状”提供。我们会尽力保证服务的可用性和准确性，但不保证服务不中断、无错误，也不保证译文完全准确。',
          '在法律允许的范围内，我们不对任何间接或后果性损失承担责任，且我们的全部责任以您就相关服务实际支付的金额为限。',
        ],
      },
      {
        heading: '条款变更',
        paragraphs: [
          '我们可能不时更新本条款。如有重大变更，我们将在生效前通过网站或电子邮件通知您。变更生效后继续使用 SubTrans，即视为您接受更新后的条款。',
        ],
      },
      {
        heading: '联系我们',
        paragraphs: ['如对本条款有任何疑问，请通过“联系我们”页面与我们联系。'],
      },
    ],
  },
  privacy: {
    title: '隐私政策',
    updated: '最后更新：2026-11-23',
    sections: [
      {
        heading: '引言',
        paragraphs: [
          '本隐私政策说明 SubTrans 会收集哪些个人信息、如何使用和保护这些信息，以及您享有的权利。本政策适用于 SubTrans 网站及所有相关服务。',
        ],
      },
      {
        heading: '我们收集的信息',
        paragraphs: ['我们仅收集提供服务所必需的信息：'],
        items: [
          '账户信息：您的电子邮箱、姓名和头像。',
          '使用信息：您的翻译任务、上传的文件及翻译结果，以及服务日志。',
          '支付信息：您的订单、支付金额以及支付服务商提供的交易号。银行卡支付由支付服务商处理，我们不会接触您的卡号。',
        ],
      },
      {
        heading: '我们如何使用信息',
        paragraphs: ['我们将您的信息用于：'],
        items: [
          '创建和管理您的账户，并为您提供登录服务；',
          '处理、翻译和存储您的字幕文件，并在编辑器中展示；',
          '处理付款、管理点数余额并保存会计记录；',
          '提供客户支持，保障服务安全，防止滥用；',
          '排查问题并改进服务。',
        ],
      },
      {
        heading: '信息存储',
        paragraphs: ['您的信息存储在我们托管服务商的服务器上。我们仅在必要期限内保存这些信息：'],
        items: [
          '账户数据：保存至账户注销后 30 天。',
          '日志：保存 12 个月。',
          '支付记录：根据会计要求保存 5 年。',
        ],
      },
      {
        heading: '信息共享',
        paragraphs: ['我们不会出售您的个人数据，仅在以下有限情形下共享：'],
        items: [
          '法律原因：依据法律法规、法律程序或政府机关的合法要求。',
          '服务提供商：我们的托管服务商、支付服务商，以及处理您字幕文本的翻译引擎，且仅限于提供服务所必需的范围。',
          '业务转让：如 SubTrans 涉及合并、收购或资产出售，本政策将继续适用于您的信息。',
          '征得同意：其他情形下，仅在获得您的同意后共享。',
        ],
      },
      {
        heading: '您的权利',
        paragraphs: ['您可以联系我们行使以下权利。处理请求前，我们可能需要核实您的身份。'],
        items: [
          '访问：获取我们所持有的您的个人信息副本。',
          '更正：要求更正不准确或不完整的信息。',
          '删除：要求删除您的账户及个人信息，但需依法保留的记录除外。',
          '导出：以通用的、机器可读的格式获取您的数据。',
        ],
      },
      {
        heading: '数据安全',
        paragraphs: ['我们采取技术和管理措施保护您的信息，包括：'],
        items: [
          '全站使用 HTTPS 加密传输数据；',
          '使用 AES 加密存储密钥、令牌等敏感信息；',
          '员工账户启用多因素认证；',
          '定期更新系统和软件；',
          '严格的访问权限管理，仅限有需要的员工访问数据；',
          '定期开展员工安全培训；',
          '建立安全事件响应机制；',
          '定期进行安全审计。',
        ],
      },
      {
        heading: '其他条款',
        paragraphs: ['以下条款同样适用于本政策：'],
        items: [
          '儿童：SubTrans 不面向 13 周岁以下的儿童，我们不会在知情的情况下收集其个人信息。如您认为有 13 周岁以下的儿童向我们提供了个人信息，请联系我们，我们将予以删除。',
          '跨境传输：您的信息可能会在您所在的国家或地区以外处理，例如由翻译引擎处理。在此情况下，我们将按照本政策采取措施保护您的信息。',
          '政策更新：我们可能不时更新本政策。页面顶部的日期表示最新版本；如有重大变更，我们会通知您。',
          '同意：使用 SubTrans 即表示您同意我们按照本政策收集和使用信息。',
        ],
      },
      {
        heading: '联系我们',
        paragraphs: [
          '如对本政策有任何疑问，或希望行使您的权利，请通过以下方式联系我们。我们将在 15 个工作日内回复。',
        ],
        items: ['电子邮箱：{{email}}', '网站：{{host}}', '通讯地址：{{address}}'],
      },
    ],
    effective: '本政策自 2026-11-23 起生效。',
  },
};

const en: LegalContent = {
  about: {
    title: 'About SubTrans',
    intro:
      'SubTrans is a web service that translates subtitle files with AI, so you can bring your videos to viewers in other languages without starting from scratch.',
    sections: [
      {
        heading: 'What SubTrans does',
        paragraphs: [
          'Upload an SRT subtitle file, choose a target language, and SubTrans translates every line while keeping the original timing intact. You then review the result in the segment editor, edit or re-translate individual lines, and export a file that is ready to publish.',
          'Support for audio and video files, transcribed automatically before translation, is planned for a later release.',
        ],
      },
      {
        heading: 'Who it is for',
        paragraphs: [
          'SubTrans is built for content creators, video editors, educators and small teams who publish videos for an international audience and need accurate subtitles quickly, without managing a translation workflow by hand.',
        ],
      },
      {
        heading: 'How it works',
        paragraphs: ['Every project follows the same five steps:'],
        items: [
          'Upload: add your SRT file in the workspace.',
          'Detect: SubTrans detects the source language and shows the cost in points before anything is charged.',
          'Translate: the selected AI engine translates the subtitles line by line.',
          'Review: check the translation in the segment editor, edit lines directly or re-translate a single line.',
          'Export: download SRT or WebVTT, optionally as bilingual subtitles with the original and the translation together.',
        ],
      },
      {
        heading: 'Translation engines',
        paragraphs: [
          'DeepSeek is used by default and produces natural, context-aware translations. You can also choose Google Translate or other available engines, depending on the language pair and the style you need.',
        ],
      },
      {
        heading: 'Three interface languages',
        paragraphs: [
          'The SubTrans website and workspace are available in Simplified Chinese, English and Japanese, and you can switch at any time. The interface language does not limit which languages your subtitles can be translated into.',
        ],
      },
    ],
  },
  contact: {
    title: 'Contact us',
    intro:
      'Questions about your account, points or a translation? Our support team is happy to help. Please include the email address of your account and, where relevant, the task or order number so we can look into it quickly.',
    hoursHeading: 'Working hours',
    hours: 'Monday to Friday, 9:00–18:00, China Standard Time (UTC+8)',
    replyTime: 'We reply within 1–2 working days.',
    emailHeading: 'Email',
    faqHeading: 'Frequently asked questions',
    faq: [
      {
        question: 'How are points charged?',
        answer:
          'Translation costs 10 points for every started minute of subtitles, so a file lasting 4 minutes 10 seconds costs 50 points. The cost is shown before you start, and points are charged once, when the task completes. If a translation fails, the points are returned to your account.',
      },
      {
        question: 'Which file formats are supported?',
        answer:
          'You can upload subtitles in SRT format, up to 5 MB per file. Translations can be exported as SRT, bilingual SRT (original and translation together) or WebVTT.',
      },
      {
        question: 'How long are points valid?',
        answer:
          'Points are valid for 1 year from the date of purchase. Unused points expire after that, so we recommend buying only what you expect to use within a year.',
      },
      {
        question: 'What happens to my files, and how do I delete my account?',
        answer:
          'Your files are processed only to provide the service. To close your account, contact support from the email address linked to your account. Your account data is deleted within 30 days of closing.',
      },
    ],
  },
  terms: {
    title: 'Terms of Service',
    updated: 'Last updated: 2026-11-23',
    sections: [
      {
        heading: 'Acceptance of these terms',
        paragraphs: [
          'These Terms of Service govern your use of the SubTrans website and related services. By creating an account or using the service, you agree to these terms. If you do not agree, please do not use SubTrans.',
        ],
      },
      {
        heading: 'The service',
        paragraphs: [
          'SubTrans lets you upload subtitle files, translate them with AI translation engines, review and edit the results, and export them in common subtitle formats. We may add, change or remove features to improve the service.',
          'Machine translation can contain errors. You are responsible for reviewing translations before you publish them.',
        ],
      },
      {
        heading: 'Accounts',
        paragraphs: [
          'You must be at least 13 years old to use SubTrans. If you are under the age of majority where you live, you need the permission of a parent or guardian.',
          'You are responsible for keeping your sign-in details secure and for all activity under your account. Please tell us promptly if you suspect unauthorised use.',
        ],
      },
      {
        heading: 'Points and payments',
        paragraphs: [
          'Translations are paid for with points, which you buy online through the available payment methods, such as Alipay or card payment. Prices are shown before you pay.',
          'Translation costs 10 points per started minute of subtitles. The cost is shown before a task starts, and points are charged when the task completes; if a task fails, the points are returned. Points are valid for 1 year from purchase.',
        ],
      },
      {
        heading: 'Acceptable use',
        paragraphs: [
          'You agree to use SubTrans lawfully and responsibly. We may suspend or close accounts that break the following rules. In particular, you must not:',
        ],
        items: [
          'upload content that you do not have the right to use, or that infringes the rights of others;',
          'upload unlawful content, or content that promotes violence, hatred or the exploitation of minors;',
          'attempt to disrupt or overload the service, or gain unauthorised access to it or to other accounts;',
          'access the service by automated means we have not permitted, or resell it without our consent.',
        ],
      },
      {
        heading: 'Your content',
        paragraphs: [
          'You keep all rights to the files you upload and the translations you create. You give us only the permission needed to store and process your files to provide the service, including sending subtitle text to the translation engine you select.',
          'We process your files only to provide the service.',
        ],
      },
      {
        heading: 'Closing your account',
        paragraphs: [
          'You can ask to close your account at any time by contacting support. We may also close accounts that seriously or repeatedly break these terms.',
          'Your account data is deleted within 30 days of closing, except for the records we must keep as described below.',
        ],
      },
      {
        heading: 'Records we keep',
        paragraphs: [
          'We keep service logs for 12 months to run the service securely and investigate problems. Payment records are kept for 5 years, as required for accounting.',
        ],
      },
      {
        heading: 'Disclaimers and limitation of liability',
        paragraphs: [
          'SubTrans is provided "as is". We work to keep it available and accurate, but we do not guarantee that the service will be uninterrupted or error-free, or that translations will be free of mistakes.',
          'To the extent permitted by law, we are not liable for indirect or consequential losses, and our total liability is limited to the amount you actually paid for the service concerned.',
        ],
      },
      {
        heading: 'Changes to these terms',
        paragraphs: [
          'We may update these terms from time to time. If we make significant changes, we will let you know on the website or by email before they take effect. By continuing to use SubTrans after that, you accept the updated terms.',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: [
          'If you have any questions about these terms, please reach us through the Contact page.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    updated: 'Last updated: 2026-11-23',
    sections: [
      {
        heading: 'Introduction',
        paragraphs: [
          'This Privacy Policy explains what personal information SubTrans collects, how we use and protect it, and what rights you have. It applies to the SubTrans website and all related services.',
        ],
      },
      {
        heading: 'Information we collect',
        paragraphs: ['We collect only the information we need to provide the service:'],
        items: [
          'Account information: your email address, name and profile picture.',
          'Usage information: your translation tasks, the files you upload and their results, and service logs.',
          'Payment information: your orders, the amounts paid and the transaction IDs issued by the payment provider. Card payments are handled by the payment provider; we never see your card number.',
        ],
      },
      {
        heading: 'How we use your information',
        paragraphs: ['We use your information to:'],
        items: [
          'create and manage your account and sign you in;',
          'process, translate and store your subtitle files and show them in the editor;',
          'process payments, manage your points balance and keep accounting records;',
          'provide support, keep the service secure and prevent abuse;',
          'fix problems and improve the service.',
        ],
      },
      {
        heading: 'Storage and retention',
        paragraphs: [
          'Your information is stored on the servers of our hosting provider. We keep it only for as long as needed:',
        ],
        items: [
          'Account data: until your account is closed, plus 30 days.',
          'Logs: 12 months.',
          'Payment records: 5 years, as required for accounting.',
        ],
      },
      {
        heading: 'Sharing your information',
        paragraphs: ['We do not sell your personal data. We share it only in these limited cases:'],
        items: [
          'Legal reasons: when required by law, regulation, legal process or a valid request from public authorities.',
          'Service providers: our hosting provider, payment providers and the translation engines that process the text of your subtitles, only as far as needed to provide the service.',
          'Business transfers: if SubTrans is involved in a merger, acquisition or sale of assets, this policy continues to apply to your information.',
          'With your consent: in any other case, only when you have agreed.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'You can exercise the following rights by contacting us. We may need to verify your identity before acting on your request.',
        ],
        items: [
          'Access: ask for a copy of the personal information we hold about you.',
          'Correction: ask us to correct inaccurate or incomplete information.',
          'Deletion: ask us to delete your account and personal information, except for records we must keep by law.',
          'Export: receive your data in a common, machine-readable format.',
        ],
      },
      {
        heading: 'Data security',
        paragraphs: ['We use technical and organisational measures to protect your information, including:'],
        items: [
          'HTTPS encryption for all data in transit;',
          'AES encryption of stored secrets such as keys and tokens;',
          'multi-factor authentication for staff accounts;',
          'regular updates of our systems and software;',
          'access management that limits data access to staff who need it;',
          'regular security training for staff;',
          'an incident response process for security events;',
          'regular security audits.',
        ],
      },
      {
        heading: 'Other terms',
        paragraphs: ['The following also applies to this policy:'],
        items: [
          'Children: SubTrans is not intended for children under 13, and we do not knowingly collect their personal information. If you believe a child under 13 has given us personal information, please contact us and we will delete it.',
          'International transfers: your information may be processed outside your country or region, for example by translation engines. When this happens, we take steps to protect it in line with this policy.',
          'Policy updates: we may update this policy from time to time. The date at the top shows the current version, and we will notify you of significant changes.',
          'Agreement: by using SubTrans, you agree to the collection and use of information as described in this policy.',
        ],
      },
      {
        heading: 'Contact us',
        paragraphs: [
          'If you have questions about this policy or want to exercise your rights, please contact us using the details below. We will respond within 15 working days.',
        ],
        items: ['Email: {{email}}', 'Website: {{host}}', 'Postal address: {{address}}'],
      },
    ],
    effective: 'This policy is effective as of 2026-11-23.',
  },
};

const ja: LegalContent = {
  about: {
    title: 'SubTransについて',
    intro:
      'SubTransは、AIで字幕ファイルを翻訳するWebサービスです。一から翻訳し直すことなく、動画をさまざまな言語の視聴者に届けられます。',
    sections: [
      {
        heading: 'SubTransでできること',
        paragraphs: [
          'SRT形式の字幕ファイルをアップロードして翻訳先の言語を選ぶだけで、元のタイムコードを保ったまま全行を翻訳します。翻訳結果はセグメントエディターで確認でき、行ごとの修正や再翻訳を行ったうえで、そのまま公開できるファイルとして書き出せます。',
          '音声・動画ファイルを自動で文字起こしして翻訳する機能も、今後のリリースで対応予定です。',
        ],
      },
      {
        heading: 'こんな方におすすめ',
        paragraphs: [
          '海外の視聴者に向けて動画を発信するコンテンツクリエイター、動画編集者、教育関係者、小規模なチームに最適です。翻訳作業を手作業で管理することなく、正確な字幕をすばやく用意できます。',
        ],
      },
      {
        heading: 'ご利用の流れ',
        paragraphs: ['どのプロジェクトも、次の5つのステップで進みます。'],
        items: [
          'アップロード：ワークスペースにSRTファイルを追加します。',
          '検出：元の言語を自動で判定し、ポイントが消費される前に必要なポイント数を表示します。',
          '翻訳：選択したAIエンジンが字幕を1行ずつ翻訳します。',
          '確認：セグメントエディターで翻訳を確認し、直接編集したり、特定の行だけを再翻訳したりできます。',
          '書き出し：SRTまたはWebVTT形式でダウンロードできます。原文と訳文を併記したバイリンガル字幕にも対応しています。',
        ],
      },
      {
        heading: '翻訳エンジン',
        paragraphs: [
          '標準ではDeepSeekを使用し、文脈をふまえた自然な翻訳を行います。言語の組み合わせや求める文体に応じて、Google翻訳などほかのエンジンを選ぶこともできます。',
        ],
      },
      {
        heading: '3つの表示言語',
        paragraphs: [
          'SubTransのWebサイトとワークスペースは、簡体字中国語・英語・日本語の3言語で表示でき、いつでも切り替えられます。表示言語によって字幕の翻訳先言語が制限されることはありません。',
        ],
      },
    ],
  },
  contact: {
    title: 'お問い合わせ',
    intro:
      'アカウント、ポイント、翻訳結果についてご不明な点があれば、サポートチームまでお気軽にお問い合わせください。迅速に対応できるよう、ご登録のメールアドレスと、該当する場合はタスク番号または注文番号を添えてご連絡ください。',
    hoursHeading: '受付時間',
    hours: '月曜日〜金曜日 9:00〜18:00（中国標準時、UTC+8）',
    replyTime: '1〜2営業日以内にご返信いたします。',
    emailHeading: 'メールアドレス',
    faqHeading: 'よくあるご質問',
    faq: [
      {
        question: 'ポイントはどのように消費されますか？',
        answer:
          '字幕の長さに応じて、1分ごとに10ポイントを消費します（1分未満は切り上げ）。たとえば4分10秒の字幕なら50ポイントです。必要なポイント数は開始前に表示され、タスクの完了時に一度だけ消費されます。翻訳に失敗した場合、ポイントはアカウントに返還されます。',
      },
      {
        question: '対応しているファイル形式を教えてください。',
        answer:
          'アップロードはSRT形式（1ファイルあたり5 MBまで）に対応しています。翻訳結果はSRT、バイリンガルSRT（原文と訳文の併記）、WebVTT形式で書き出せます。',
      },
      {
        question: 'ポイントの有効期限はありますか？',
        answer:
          'ポイントの有効期限は購入日から1年間です。期限を過ぎた未使用のポイントは失効しますので、1年以内に使う分を目安にご購入ください。',
      },
      {
        question: 'アップロードしたファイルの扱いと、アカウントの削除方法を教えてください。',
        answer:
          'アップロードされたファイルは、サービスの提供のためにのみ処理します。アカウントの削除をご希望の場合は、ご登録のメールアドレスからサポートまでご連絡ください。アカウントデータは、アカウントの削除から30日以内に消去されます。',
      },
    ],
  },
  terms: {
    title: '利用規約',
    updated: '最終更新日：2026-11-23',
    sections: [
      {
        heading: '規約への同意',
        paragraphs: [
          '本利用規約は、SubTransのWebサイトおよび関連サービスのご利用に適用されます。アカウントを作成するか本サービスを利用することで、お客様は本規約に同意したものとみなされます。同意いただけない場合は、SubTransをご利用にならないでください。',
        ],
      },
      {
        heading: '本サービスについて',
        paragraphs: [
          'SubTransは、字幕ファイルのアップロード、AI翻訳エンジンによる翻訳、翻訳結果の確認・編集、一般的な字幕形式での書き出しを提供します。当社は、サービス向上のために機能を追加・変更・終了することがあります。',
          '機械翻訳には誤りが含まれる場合があります。公開前に必ず翻訳内容をご確認ください。',
        ],
      },
      {
        heading: 'アカウント',
        paragraphs: [
          'SubTransは13歳以上の方のみご利用いただけます。お住まいの地域の法律上の成年に達していない場合は、保護者の同意が必要です。',
          'ログイン情報はお客様の責任で管理し、アカウントで行われたすべての操作について責任を負うものとします。不正利用の疑いがある場合は、速やかに当社までご連絡ください。',
        ],
      },
      {
        heading: 'ポイントとお支払い',
        paragraphs: [
          '翻訳の料金はポイントでお支払いいただきます。ポイントはAlipayやカード決済などのオンライン決済で購入でき、価格はお支払い前に表示されます。',
          '翻訳には、字幕1分ごと（1分未満は切り上げ）に10ポイントが必要です。必要なポイント数はタスク開始前に表示され、タスクの完了時に消費されます。タスクが失敗した場合、ポイントは返還されます。ポイントの有効期限は購入日から1年間です。',
        ],
      },
      {
        heading: '禁止事項',
        paragraphs: [
          'SubTransは、法令を守り責任をもってご利用ください。以下に違反したアカウントは、停止または削除することがあります。特に、次の行為を禁止します。',
        ],
        items: [
          '利用する権利のないコンテンツや、第三者の権利を侵害するコンテンツをアップロードすること',
          '違法なコンテンツ、または暴力・憎悪・未成年者の搾取を助長するコンテンツをアップロードすること',
          '本サービスの妨害や過度な負荷、本サービスまたは他人のアカウントへの不正アクセスを試みること',
          '当社が許可していない自動化手段で本サービスにアクセスすること、または当社の同意なく本サービスを再販すること',
        ],
      },
      {
        heading: 'ユーザーコンテンツ',
        paragraphs: [
          'アップロードしたファイルおよび作成した翻訳に関する権利は、すべてお客様に帰属します。お客様は当社に対し、本サービスの提供に必要な範囲でのみ、ファイルを保存・処理する権限（選択された翻訳エンジンへ字幕テキストを送信することを含みます）を許諾するものとします。',
          '当社は、本サービスを提供する目的でのみお客様のファイルを処理します。',
        ],
      },
      {
        heading: 'アカウントの削除',
        paragraphs: [
          'お客様は、サポートへのご連絡によりいつでもアカウントの削除を申請できます。また、本規約に重大な違反または度重なる違反があった場合、当社がアカウントを削除することがあります。',
          'アカウントデータは、アカウントの削除から30日以内に消去されます。ただし、次項に定める保存が必要な記録は除きます。',
        ],
      },
      {
        heading: '記録の保存',
        paragraphs: [
          '当社は、サービスの安全な運用と問題の調査のため、サービスログを12か月間保存します。決済記録は、会計上の要件に基づき5年間保存します。',
        ],
      },
      {
        heading: '免責事項および責任の制限',
        paragraphs: [
          'SubTransは「現状のまま」提供されます。当社は可用性と正確性の維持に努めますが、サービスが中断しないこと、エラーがないこと、翻訳に誤りがないことを保証するものではありません。',
          '法令で認められる範囲において、当社は間接的または派生的な損害について責任を負いません。また、当社の責任の総額は、該当するサービスについてお客様が実際にお支払いいただいた金額を上限とします。',
        ],
      },
      {
        heading: '規約の変更',
        paragraphs: [
          '当社は、本規約を随時改定することがあります。重要な変更を行う場合は、効力発生前にWebサイトまたはメールでお知らせします。効力発生後もSubTransを利用された場合、改定後の規約に同意したものとみなされます。',
        ],
      },
      {
        heading: 'お問い合わせ',
        paragraphs: ['本規約に関するご質問は、「お問い合わせ」ページよりご連絡ください。'],
      },
    ],
  },
  privacy: {
    title: 'プライバシーポリシー',
    updated: '最終更新日：2026-11-23',
    sections: [
      {
        heading: 'はじめに',
        paragraphs: [
          '本プライバシーポリシーは、SubTransが収集する個人情報の種類、その利用方法と保護の方法、およびお客様の権利について説明するものです。本ポリシーは、SubTransのWebサイトおよびすべての関連サービスに適用されます。',
        ],
      },
      {
        heading: '収集する情報',
        paragraphs: ['当社は、サービスの提供に必要な情報のみを収集します。'],
        items: [
          'アカウント情報：メールアドレス、氏名、プロフィール画像',
          '利用情報：翻訳タスク、アップロードされたファイルとその翻訳結果、サービスログ',
          '決済情報：注文内容、支払金額、決済事業者が発行する取引ID。カード決済は決済事業者が処理するため、カード番号が当社に渡ることはありません。',
        ],
      },
      {
        heading: '情報の利用目的',
        paragraphs: ['当社は、お客様の情報を次の目的で利用します。'],
        items: [
          'アカウントの作成・管理およびログインのため',
          '字幕ファイルの処理・翻訳・保存、およびエディターでの表示のため',
          '決済の処理、ポイント残高の管理、会計記録の保存のため',
          'サポートの提供、サービスの安全確保および不正利用の防止のため',
          '不具合の解消およびサービスの改善のため',
        ],
      },
      {
        heading: '情報の保存',
        paragraphs: [
          'お客様の情報は、当社が利用するホスティング事業者のサーバーに保存されます。保存期間は必要な範囲に限ります。',
        ],
        items: [
          'アカウントデータ：アカウントの削除後30日まで',
          'ログ：12か月間',
          '決済記録：会計上の要件に基づき5年間',
        ],
      },
      {
        heading: '情報の共有',
        paragraphs: ['当社は、お客様の個人データを販売しません。共有するのは、次の限られた場合のみです。'],
        items: [
          '法的な理由：法令、法的手続き、または公的機関からの正当な要請に基づく場合',
          'サービス提供事業者：ホスティング事業者、決済事業者、および字幕テキストを処理する翻訳エンジンに対し、サービスの提供に必要な範囲で共有する場合',
          '事業譲渡：合併、買収、資産譲渡などが行われる場合。この場合も、お客様の情報には引き続き本ポリシーが適用されます。',
          '同意がある場合：上記以外では、お客様の同意を得た場合に限ります。',
        ],
      },
      {
        heading: 'お客様の権利',
        paragraphs: [
          'お客様は、当社に連絡することで次の権利を行使できます。ご請求に対応する前に、ご本人確認をお願いする場合があります。',
        ],
        items: [
          'アクセス：当社が保有するお客様の個人情報の写しを請求できます。',
          '訂正：不正確または不完全な情報の訂正を請求できます。',
          '削除：アカウントおよび個人情報の削除を請求できます（法令により保存が必要な記録を除きます）。',
          'エクスポート：お客様のデータを、一般的な機械判読可能な形式で受け取れます。',
        ],
      },
      {
        heading: 'データセキュリティ',
        paragraphs: ['当社は、お客様の情報を保護するため、次のような技術的・組織的対策を講じています。'],
        items: [
          'すべての通信をHTTPSで暗号化',
          'キーやトークンなど、保存する機密情報をAESで暗号化',
          'スタッフのアカウントに多要素認証を導入',
          'システムとソフトウェアの定期的な更新',
          'データへのアクセスを必要なスタッフに限定するアクセス管理',
          'スタッフへの定期的なセキュリティ研修',
          'セキュリティインシデントへの対応体制の整備',
          '定期的なセキュリティ監査',
        ],
      },
      {
        heading: 'その他',
        paragraphs: ['本ポリシーには、次の事項も適用されます。'],
        items: [
          'お子様について：SubTransは13歳未満のお子様を対象としておらず、13歳未満のお子様の個人情報を故意に収集することはありません。13歳未満のお子様が個人情報を提供したと思われる場合はご連絡ください。速やかに削除します。',
          '国外への移転：お客様の情報は、翻訳エンジンによる処理などにより、お住まいの国・地域以外で処理される場合があります。その場合も、本ポリシーに沿って情報を保護するための措置を講じます。',
          'ポリシーの改定：当社は本ポリシーを随時改定することがあります。最新版はページ上部の日付で確認でき、重要な変更がある場合はお知らせします。',
          '同意：SubTransを利用することにより、お客様は本ポリシーに従った情報の収集と利用に同意したものとみなされます。',
        ],
      },
      {
        heading: 'お問い合わせ',
        paragraphs: [
          '本ポリシーに関するご質問や、権利の行使に関するご請求は、以下の連絡先までお寄せください。15営業日以内にご回答いたします。',
        ],
        items: ['メールアドレス：{{email}}', 'Webサイト：{{host}}', '住所：{{address}}'],
      },
    ],
    effective: '本ポリシーは2026-11-23より施行されます。',
  },
};

export const LEGAL: Record<ContentLanguage, LegalContent> = { zh, en, ja };
