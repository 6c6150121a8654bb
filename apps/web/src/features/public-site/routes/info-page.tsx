import type { ReactNode } from 'react';
import { Button, Card, Collapse, Typography } from 'antd';
import { ArrowLeftOutlined, MailOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Phrases } from '../../../components/phrases';
import { PublicLayout } from '../../../components/public-layout';
import { useSiteConfig } from '../../../lib/site-config';
import { isUiLanguage } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { ContactForm } from '../components/contact-form';
import { LEGAL, type Section } from '../content/legal';
import { paths } from '../../../lib/paths';

type InfoPageName = 'about' | 'contact' | 'terms' | 'privacy';

/** SPEC back rule: the page the user came from if known (same site), else home, else one step back. */
function useBack() {
  const navigate = useNavigate();
  return () => {
    const ref = document.referrer ? new URL(document.referrer) : null;
    if (ref && ref.origin === window.location.origin && ref.pathname !== window.location.pathname) {
      void navigate(`${ref.pathname}${ref.search}`);
    } else if (window.location.pathname !== '/') {
      void navigate(paths.home);
    } else {
      void navigate(-1);
    }
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

function InfoShell({ page, title, children }: { page: InfoPageName; title: string; children: ReactNode }) {
  usePageMeta(page);
  const { t } = useTranslation();
  const back = useBack();
  return (
    <PublicLayout>
      <Card style={{ maxWidth: 860, margin: '0 auto' }}>
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={back} style={{ paddingInline: 0 }}>
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
    <InfoShell page="privacy" title={c.title}>
      <Typography.Paragraph type="secondary">{c.updated}</Typography.Paragraph>
      <Sections sections={c.sections} values={values} />
      <Typography.Paragraph type="secondary">{fill(c.effective, values)}</Typography.Paragraph>
    </InfoShell>
  );
}
