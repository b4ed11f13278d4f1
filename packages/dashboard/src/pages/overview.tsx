import { useEffect, useState } from 'preact/hooks';
import { api, type Overview as OverviewData } from '../api.js';
import { BarChart, type Series } from '../bar-chart.js';
import { currentLocale, money, t } from '../i18n.js';
import { BASE, navigate } from '../router.js';
import { PageHeading } from '../shared.js';
import { FormField } from '../../../web-sdk/src/ui/components/FormField/FormField.js';
import { Skeleton } from '../../../web-sdk/src/ui/components/Spinner/Spinner.js';
import type { PageProps } from '../page-props.js';

/**
 * The overview: the merchant's payments over the last day (by hour), week or month (by day): the
 * approved volume of one currency, the approval rate and the declines by reason, each a chart with its
 * numbers in a table for screen readers (GET /overview). The period is kept in the URL's query.
 */

const PERIODS = ['day', 'week', 'month'] as const;
type Period = (typeof PERIODS)[number];
/** the most reasons drawn apart; the others are added up as one */
const REASONS = 4;
/** the reasons' colours (the style sheet's tones): the danger colour first */
const REASON_TONES = [2, 1, 4, 3];

/** The page's number and date formats in the panel's language, made again when it changes. */
function formatsOf(locale: string) {
  return {
    hours: new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }),
    longHours: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
    days: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    longDays: new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }),
    percent: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }),
    count: new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
  };
}
let cached: { locale: string; f: ReturnType<typeof formatsOf> } | undefined;
function formats(): ReturnType<typeof formatsOf> {
  const locale = currentLocale();
  if (cached?.locale !== locale) cached = { locale, f: formatsOf(locale) };
  return cached.f;
}

export function Overview({ me, loc }: PageProps) {
  const asked = loc.search.get('period');
  const period: Period = (PERIODS as readonly string[]).includes(asked ?? '') ? (asked as Period) : 'day';
  const [data, setData] = useState<OverviewData | null>(null);
  const [error, setError] = useState('');
  const [currency, setCurrency] = useState('');

  useEffect(() => {
    setData(null);
    setError('');
    let live = true;
    api<OverviewData>('GET', `/overview?period=${period}`).then(
      (o) => live && setData(o),
      (err: unknown) => live && setError(err instanceof Error ? err.message : String(err)),
    );
    return () => void (live = false);
  }, [period]);

  const choose = (e: Event) => {
    const next = (e.target as HTMLSelectElement).value;
    navigate(`${BASE}/overview${next === 'day' ? '' : `?period=${next}`}`, { replace: true });
  };

  return (
    <>
      <PageHeading title={t('ov.title')} merchant={me.user.merchantName} />
      <div class="dash-filters dash-wide">
        <FormField id="ov-period" label={t('ov.period')}>
          <select id="ov-period" class="dash-input" value={period} onChange={choose}>
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`ov.period.${p}`)}
              </option>
            ))}
          </select>
        </FormField>
        {data && data.totals.volume.length > 1 ? (
          <FormField id="ov-currency" label={t('ov.currency')}>
            <select
              id="ov-currency"
              class="dash-input"
              value={currencyOf(data, currency)}
              onChange={(e) => setCurrency((e.target as HTMLSelectElement).value)}
            >
              {data.totals.volume.map((v) => (
                <option key={v.currency} value={v.currency}>
                  {v.currency}
                </option>
              ))}
            </select>
          </FormField>
        ) : null}
      </div>
      {error ? (
        <p class="dash-alert" role="alert">
          {error}
        </p>
      ) : null}
      {data === null && !error ? <Skeleton height={240} label={t('loading')} /> : null}
      {data ? <Charts data={data} currency={currencyOf(data, currency)} /> : null}
    </>
  );
}

/** The currency shown: the one chosen, else the first the API lists (alphabetical). */
function currencyOf(data: OverviewData, chosen: string): string {
  const listed = data.totals.volume.map((v) => v.currency);
  return listed.includes(chosen) ? chosen : (listed[0] ?? '');
}

function Charts({ data, currency }: { data: OverviewData; currency: string }) {
  const hourly = data.bucket === 'hour';
  const f = formats();
  const buckets = data.buckets.map((b) => {
    const at = new Date(b.start);
    return { long: (hourly ? f.longHours : f.longDays).format(at), short: (hourly ? f.hours : f.days).format(at) };
  });
  const labelEvery = hourly ? 6 : data.buckets.length > 7 ? 5 : 1;
  const bucketHeader = hourly ? t('ov.hourUtc') : t('ov.dayUtc');
  const volumeOf = (v: OverviewData['totals']['volume']) => Number(v.find((x) => x.currency === currency)?.amount ?? 0);
  const total = data.totals;

  const volume: Series[] = [
    {
      key: 'volume',
      label: t('ov.volumeOf', { currency: currency || '—' }),
      tone: 1,
      values: data.buckets.map((b) => volumeOf(b.volume)),
    },
  ];
  const rate: Series[] = [
    { key: 'rate', label: t('ov.approvalRate'), tone: 3, values: data.buckets.map((b) => b.approvalRate) },
  ];
  const top = total.declines.slice(0, REASONS).map((d) => d.reason);
  const declines: Series[] = top.map((reason, i) => ({
    key: reason,
    label: reason,
    tone: REASON_TONES[i]!,
    values: data.buckets.map((b) => b.declines.find((d) => d.reason === reason)?.count ?? 0),
  }));
  if (total.declines.length > REASONS)
    declines.push({
      key: 'other',
      label: t('ov.otherReasons'),
      tone: 5,
      values: data.buckets.map((b) =>
        b.declines.filter((d) => !top.includes(d.reason)).reduce((s, d) => s + d.count, 0),
      ),
    });
  if (declines.length === 0)
    declines.push({ key: 'none', label: t('ov.declines'), tone: 2, values: data.buckets.map(() => 0) });

  const volumeTotal = currency ? money(String(volumeOf(total.volume)), currency) : money('0', 'EUR');
  return (
    <>
      <dl class="dash-kpis" data-totals="">
        <div>
          <dt>{t('ov.volume')}</dt>
          <dd>
            {total.volume.length === 0
              ? t('ov.noVolume')
              : total.volume.map((v) => money(v.amount, v.currency)).join(' · ')}
          </dd>
        </div>
        <div>
          <dt>{t('ov.approvalRate')}</dt>
          <dd>{total.approvalRate === null ? '—' : formats().percent.format(total.approvalRate)}</dd>
        </div>
        <div>
          <dt>{t('ov.payments')}</dt>
          <dd>
            {t('ov.paymentsCount', {
              attempts: formats().count.format(total.attempts),
              approved: formats().count.format(total.approved),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('ov.declines')}</dt>
          <dd>{formats().count.format(total.declined)}</dd>
        </div>
      </dl>
      <div class="dash-charts">
        <BarChart
          id="chart-volume"
          title={t('ov.volumeChart', { currency: currency || '—' })}
          summary={t('ov.volumeSummary', { amount: volumeTotal })}
          buckets={buckets}
          bucketHeader={bucketHeader}
          series={volume}
          format={(v) => (currency ? money(String(v), currency) : formats().count.format(v))}
          labelEvery={labelEvery}
        />
        <BarChart
          id="chart-rate"
          title={t('ov.rateChart')}
          summary={
            total.approvalRate === null
              ? t('ov.noPayments')
              : t('ov.rateSummary', {
                  rate: formats().percent.format(total.approvalRate),
                  approved: formats().count.format(total.approved),
                  attempts: formats().count.format(total.attempts),
                })
          }
          buckets={buckets}
          bucketHeader={bucketHeader}
          series={rate}
          format={(v) => formats().percent.format(v)}
          max={1}
          labelEvery={labelEvery}
        />
        <BarChart
          id="chart-declines"
          title={t('ov.declinesChart')}
          summary={
            total.declined === 0
              ? t('ov.noDeclines')
              : t('ov.declinesSummary', {
                  count: formats().count.format(total.declined),
                  reasons: total.declines.map((d) => `${d.reason}: ${formats().count.format(d.count)}`).join(', '),
                })
          }
          buckets={buckets}
          bucketHeader={bucketHeader}
          series={declines}
          format={(v) => formats().count.format(v)}
          whole
          labelEvery={labelEvery}
        />
      </div>
    </>
  );
}
