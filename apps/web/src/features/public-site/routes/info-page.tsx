import type { ReactNode } from 'react';
import { Button, Card, Collapse, Typography } from 'antd';
import { ArrowLeftOutlined, MailOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Phrases } from '../../../components/phrases';
import { PublicLayout } from '../../../components/public-layout';
import { useSiteConfig } from '../../../lib/site-config';
import { isUiLanguage } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { ContactForm } from '../components/contact-form';
import { LEGAL, type Section } from '../content/legal';
import { paths } from '../../../lib/paths';
import { originOf } from '../../../lib/origin';
import './info-page.css';

type InfoPageName = 'about' | 'contact' | 'terms' | 'privacy';

/**
 * SPEC §2 back rule: the page the user came from if known, else home (which sends a signed-in
 * user on to the dashboard). The origin is the one the in-app link put into this page's
 * navigation state (lib/origin.ts); the entry before this one is then that page, so going back
 * restores it as it was (its own origin included).
 */
function useBack() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    const from = originOf(location.state);
    if (!from) void navigate(paths.home);
    else if (window.history.length > 1) void navigate(-1);
    else void navigate(from);
  };
}

/** The pages' content in the current language (re-rendered when it changes). */
function useContent() {
  const { i18n } = useTranslation();
  return LEGAL[isUiLanguage(i18n.language) ? i18n.language : 'zh'];
}

/** `{{name}}` placeholders of the content filled in. */
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (all, key: string) => values[key] ?? all);

function Sections({ sections, values }: { sections: Section[]; values: Record<string, string> }) {
  return (
    <>
      {sections.map((s) => (
        <section key={s.heading}>
          <Typography.Title level={2} style={{ fontSize: 20 }}>
            <Phrases text={s.heading} />
          </Typography.Title>
          {s.paragraphs.map((p) => (
            <Typography.Paragraph key={p}>{fill(p, values)}</Typography.Paragraph>
          ))}
          {s.items?.length ? (
            <ul>
              {s.items.map((i) => (
                <li key={i}>{fill(i, values)}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </>
  );
}

function InfoShell({
  page,
  title,
  fixedBack = false,
  children,
}: {
  page: InfoPageName;
  title: string;
  /** SPEC §2 privacy: the back button stays at the top left while the page scrolls */
  fixedBack?: boolean;
  children: ReactNode;
}) {
  usePageMeta(page);
  const { t } = useTranslation();
  const back = useBack();
  return (
    <PublicLayout>
      <Card style={{ maxWidth: 860, margin: '0 auto' }}>
        <Button
          type={fixedBack ? 'default' : 'link'}
          icon={<ArrowLeftOutlined />}
          onClick={back}
          className={fixedBack ? 'info-back-fixed' : undefined}
          style={fixedBack ? undefined : { paddingInline: 0 }}
          data-testid="info-back"
        >
          {t('common.back')}
        </Button>
        <article>
          <Typography.Title level={1} style={{ fontSize: 28 }}>
            <Phrases text={title} />
          </Typography.Title>
          {children}
        </article>
      </Card>
    </PublicLayout>
  );
}

export function AboutPage() {
  const c = useContent().about;
  return (
    <InfoShell page="about" title={c.title}>
      <Typography.Paragraph style={{ fontSize: 16 }}>{c.intro}</Typography.Paragraph>
      <Sections sections={c.sections} values={{}} />
    </InfoShell>
  );
}

export function ContactPage() {
  const { t } = useTranslation();
  const site = useSiteConfig();
  const c = useContent().contact;
  return (
    <InfoShell page="contact" title={c.title}>
      <Typography.Paragraph>{c.intro}</Typography.Paragraph>
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        {c.emailHeading}
      </Typography.Title>
      <Typography.Paragraph>
        <MailOutlined />{' '}
        <a href={`mailto:${site.supportEmail}`} data-testid="support-email">
          {site.supportEmail}
        </a>
      </Typography.Paragraph>
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        {c.hoursHeading}
      </Typography.Title>
      <Typography.Paragraph>
        {c.hours}
        <br />
        {c.replyTime}
      </Typography.Paragraph>
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        {t('contact.formHeading')}
      </Typography.Title>
      <ContactForm />
      <Typography.Title level={2} style={{ fontSize: 20, marginTop: 32 }}>
        {c.faqHeading}
      </Typography.Title>
      <Collapse
        data-testid="contact-faq"
        items={c.faq.map((f, i) => ({ key: String(i), label: f.question, children: <p>{f.answer}</p> }))}
      />
    </InfoShell>
  );
}

export function TermsPage() {
  const c = useContent().terms;
  return (
    <InfoShell page="terms" title={c.title}>
      <Typography.Paragraph type="secondary">{c.updated}</Typography.Paragraph>
      <Sections sections={c.sections} values={{}} />
    </InfoShell>
  );
}

export function PrivacyPage() {
  const { t } = useTranslation();
  const site = useSiteConfig();
  const c = useContent().privacy;
  const values = {
    email: site.supportEmail,
    host: site.host,
    address: site.postalAddress ?? t('contact.addressOnRequest'),
  };
  return (
    <InfoShell page="privacy" title={c.title} fixedBack>
      <Typography.Paragraph type="secondary">{c.updated}</Typography.Paragraph>
      <Sections sections={c.sections} values={values} />
      <Typography.Paragraph type="secondary">{fill(c.effective, values)}</Typography.Paragraph>
    </InfoShell>
  );
}
