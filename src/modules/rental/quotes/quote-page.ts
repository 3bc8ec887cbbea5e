import type { QuoteView } from './quote-acceptance.service';
import type { RentalQuoteVersion } from './rental-quote-version.entity';
import type { RentalQuote } from './rental-quote.entity';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * Inline style only, no script: the service's Content-Security-Policy (helmet's default: style-src allows inline
 * styles, script-src 'self', form-action 'self') allows the page as it is, and the form posts back to the same path.
 * Printing leaves out the form.
 */
const STYLE = `
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c2430;margin:0;background:#f3f5f8}
main{max-width:820px;margin:24px auto;background:#fff;padding:32px 40px;border-radius:8px;box-shadow:0 1px 4px #0002}
h1{font-size:24px;margin:0 0 4px}h2{font-size:16px;margin:24px 0 8px}.muted{color:#5b6675}
table{width:100%;border-collapse:collapse;margin-top:8px}th,td{padding:6px 8px;border-bottom:1px solid #e3e7ee;text-align:left}
td.n,th.n{text-align:right;white-space:nowrap}tfoot td{border:0}tfoot tr.total td{font-weight:700;font-size:16px}
.notice{padding:12px 16px;border-radius:6px;background:#fff4d6;border:1px solid #e8c66a;margin:16px 0}
.done{background:#e3f6e8;border-color:#7cc08e}.error{background:#fde6e6;border-color:#e59b9b}
form{margin-top:24px;padding-top:16px;border-top:2px solid #e3e7ee}label{display:block;margin:10px 0}
input[type=text]{font:inherit;padding:8px;width:320px;max-width:100%;border:1px solid #b9c2cf;border-radius:4px}
button{font:inherit;padding:10px 20px;background:#1d5fd1;color:#fff;border:0;border-radius:4px;cursor:pointer}
@media print{body{background:#fff}main{box-shadow:none;margin:0;padding:0}form,.noprint{display:none}}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body><main>
${body}
</main></body>
</html>
`;
}

const money = (currency: string, amount: string) => `${esc(currency)} ${esc(amount)}`;

const row = (label: string, amount: string, cls = '') =>
  `<tr${cls ? ` class="${cls}"` : ''}><td colspan="5" class="n">${esc(label)}</td><td class="n">${esc(amount)}</td></tr>`;

/**
 * The figures the order it books will have: subtotal, the damage waiver (or that it is declined), the delivery and
 * pickup fees, the tax (per line; none for a tax-exempt customer), the total, and the deposit to pay (not part of it).
 */
function charges(v: RentalQuoteVersion): string {
  const m = (amount: string) => `${v.currency} ${amount}`;
  const zone = v.deliveryZone ? ` (${v.deliveryZone})` : '';
  return [
    row('Subtotal', m(v.subtotal)),
    v.waiverOptOut
      ? row('Damage waiver: declined', m('0.00'))
      : Number(v.waiverPercent) > 0 && row(`Damage waiver (${v.waiverPercent} %)`, m(v.damageWaiver)),
    v.delivery && row(`Delivery${zone}`, m(v.deliveryFee)),
    v.pickup && row(`Pickup from the site${zone}`, m(v.pickupFee)),
    row(v.taxExempt ? 'Tax (tax-exempt customer)' : 'Tax', m(v.tax)),
    row('Total', m(v.total), 'total'),
    Number(v.deposit) > 0 && row('Deposit to pay at booking (not part of the total)', m(v.deposit)),
  ]
    .filter(Boolean)
    .join('\n');
}

function quoteBody(v: QuoteView): string {
  const { version, lines } = v;
  const rows = lines
    .map(
      (
        l,
      ) => `<tr><td>${esc(l.itemNumber)}</td><td>${esc(l.itemName)}${l.assetTag ? ` <span class="muted">(unit ${esc(l.assetTag)})</span>` : ''}</td>
<td class="n">${l.quantity}</td><td class="n">${l.billedDays}</td><td class="n">${money(version.currency, l.unitPrice)}</td><td class="n">${money(version.currency, l.amount)}</td></tr>`,
    )
    .join('\n');
  const delivery =
    version.deliveryMethod === 'delivery' ? `Delivery to ${esc(version.deliveryAddress ?? '')}` : 'Pickup at our yard';
  return `<h1>Quote from ${esc(v.organizationName)}</h1>
<p class="muted">For ${esc(v.customerName)} · version ${version.version} · valid until ${esc(version.validUntil)} · reference ${esc(v.quote.id)}</p>
<h2>Rental</h2>
<p>${esc(version.pickupDate)} to ${esc(version.returnDate)} (${version.rentalDays} day${version.rentalDays === 1 ? '' : 's'}, both included) · ${delivery}</p>
${version.notes ? `<p>${esc(version.notes)}</p>` : ''}
<table>
<thead><tr><th>Item</th><th>Description</th><th class="n">Qty</th><th class="n">Days billed</th><th class="n">Unit price</th><th class="n">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
${charges(version)}
</tfoot>
</table>
<p class="muted">Content hash (sha256): <code>${esc(version.contentHash)}</code></p>`;
}

/** The quote, a link to its PDF (the same path + /pdf) and, while the link is open, the acceptance form (typed name, consent box); else why it cannot accept. */
export function quotePage(v: QuoteView, action: string, problem?: string): string {
  const form =
    v.state === 'open'
      ? `<form method="post" action="${esc(action)}">
<h2>Accept this quote</h2>
${problem ? `<div class="notice error" role="alert">${esc(problem)}</div>` : ''}
<label>Your full name<br><input type="text" name="name" maxlength="200" required autocomplete="name"></label>
<label><input type="checkbox" name="consent" value="yes" required> I accept this quote (version ${v.version.version}, total ${money(v.version.currency, v.version.total)}${Number(v.version.deposit) > 0 ? `, deposit ${money(v.version.currency, v.version.deposit)}` : ''}) and its rental terms, and ask for the equipment to be reserved.</label>
<button type="submit">Accept and reserve</button>
</form>`
      : `<div class="notice noprint" role="status">${esc(v.reason ?? '')}</div>`;
  const pdf = `<p class="noprint"><a href="${esc(`${action.split('?')[0]}/pdf`)}">Download this quote as a PDF</a></p>`;
  return page(`Quote from ${v.organizationName}`, `${quoteBody(v)}\n${pdf}\n${form}`);
}

/** After an acceptance: what was accepted and booked. */
export function acceptedPage(quote: RentalQuote): string {
  const a = quote.acceptance;
  return page(
    'Quote accepted',
    `<h1>Thank you${a ? `, ${esc(a.name)}` : ''}</h1>
<div class="notice done" role="status">Quote version ${a?.version ?? quote.version} is accepted and the equipment is reserved (reservation ${esc(quote.orderId ?? '')}).</div>
<p class="muted">Accepted ${esc(a?.acceptedAt ?? '')} · content hash <code>${esc(a?.contentHash ?? '')}</code></p>`,
  );
}

/** A link that cannot be shown or accepted (not valid, superseded, expired, no longer available). */
export function problemPage(status: number, message: string): string {
  return page(
    'Quote',
    `<h1>${status === 409 ? 'This quote cannot be accepted' : 'Quote not available'}</h1>
<div class="notice error" role="alert">${esc(message)}</div>`,
  );
}
