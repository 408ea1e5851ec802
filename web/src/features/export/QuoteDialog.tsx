import { Fragment, useState, type KeyboardEvent } from 'react';
import { Dialog } from '../../components/Dialog';
import { checkQuote, maxText, remember, rememberedForm, type QuoteErrors, type QuoteField, type QuoteForm, type QuoteOptions } from './quoteOptions';
import { quoteMsg } from './texts';

interface Props {
  /** factory is the page's workshop name, the default of "Atölye adı" when none was remembered */
  factory?: string;
  /** onSubmit gets the checked options; the form is remembered (kesim-quote) before */
  onSubmit: (options: QuoteOptions, format: QuoteFormat) => void;
  onClose: () => void;
}

const fields: { key: QuoteField; label: string; text?: boolean }[] = [
  { key: 'factory', label: quoteMsg.factory, text: true },
  { key: 'customer', label: quoteMsg.customer, text: true },
  { key: 'sheetPrice', label: quoteMsg.sheetPrice },
  { key: 'cutPerMetre', label: quoteMsg.cutPerMetre },
  { key: 'cutPerSheet', label: quoteMsg.cutPerSheet },
  { key: 'marginPct', label: quoteMsg.marginPct },
  { key: 'kdvPct', label: quoteMsg.kdvPct },
];

/** QuoteFormat is the quote's file: the one-page PDF or the CSV for Turkish Excel. */
export type QuoteFormat = 'pdf' | 'csv';

/**
 * QuoteDialog asks for the price quote's names and prices (quote.Options):
 * Enter makes the PDF, the CSV button the same numbers for Excel, Escape
 * closes.
 */
export function QuoteDialog({ factory, onSubmit, onClose }: Props) {
  const [form, setForm] = useState<QuoteForm>(() => rememberedForm(factory));
  const [errors, setErrors] = useState<QuoteErrors>({});

  const submit = (format: QuoteFormat = 'pdf') => {
    const r = checkQuote(form);
    if (r.errors) {
      setErrors(r.errors);
      return;
    }
    remember(form);
    onSubmit(r.options, format);
  };

  const onKey = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
      e.preventDefault();
      submit();
    }
  };

  const field = ({ key, label, text }: (typeof fields)[number], autofocus: boolean) => (
    <Fragment key={key}>
      <label className="field">
        <span>{label}</span>
      <input
        value={form[key]}
        inputMode={text ? undefined : 'decimal'}
        maxLength={text ? maxText : 40}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `quote-${key}-error` : undefined}
        onChange={(e) => {
          setForm({ ...form, [key]: e.target.value });
          if (errors[key]) setErrors({ ...errors, [key]: undefined });
        }}
        {...(autofocus ? { 'data-autofocus': true } : {})}
      />
      </label>
      {errors[key] && (
        <span id={`quote-${key}-error`} className="inline-notice error">
          {errors[key]}
        </span>
      )}
    </Fragment>
  );

  const hasErrors = Object.values(errors).some(Boolean);
  return (
    <Dialog
      title={quoteMsg.title}
      onClose={onClose}
      closeOnBackdrop={false}
      footer={
        <>
          <button type="button" className="secondary" onClick={onClose}>
            {quoteMsg.cancel}
          </button>
          <button type="button" className="secondary" onClick={() => submit('csv')}>
            {quoteMsg.csv}
          </button>
          <button type="button" className="primary" onClick={() => submit('pdf')}>
            {quoteMsg.pdf}
          </button>
        </>
      }
    >
      <div className="quote-form" onKeyDown={onKey}>
        {fields.slice(0, 3).map((f, i) => field(f, i === 0))}
        <label className="check">
          <input type="checkbox" checked={form.sheetByArea} onChange={(e) => setForm({ ...form, sheetByArea: e.target.checked })} />
          <span>{quoteMsg.sheetByArea}</span>
        </label>
        {fields.slice(3).map((f) => field(f, false))}
        {hasErrors && (
          <p className="inline-notice error" role="alert">
            {quoteMsg.fix}
          </p>
        )}
      </div>
    </Dialog>
  );
}
