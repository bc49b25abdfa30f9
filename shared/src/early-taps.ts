// A tap before the app is ready is kept (docs/decisions/036-early-taps.md). A page drawn with its
// content paints seconds before its code runs on a phone, and its forms (rendered with
// method="dialog", so a plain-HTML submit sends nothing, no password in an address) would
// otherwise ignore a tap. This script goes inline at the top of every page's <head>
// (client/scripts/prerender.mjs), before anything can be tapped, and the server's
// Content-Security-Policy allows it by its hash (server/src/server.ts), never any other inline
// script. It:
// - keeps a form's submit (a tap on its button, Enter in a field) instead of letting it go: the
//   form is marked busy (aria-busy) and its submit button shows EARLY_TAP_BUSY_LABEL, which a
//   status line says to a screen reader too. It goes on doing so while React hydrates the page
//   and until the values typed are back in the form's state (`done()`): a submit React handled
//   before then would check an empty form;
// - until the app takes over (`take()`), notes the last other button tapped (a tab, say).
// The app (client/src/lib/early-input.ts) takes what it kept, puts the typed values back and
// sends the form through its own handler; `done()` takes the marks away. A page drawn from
// scratch (no take()) lets it all go the moment the app has drawn it (html[data-ready]).

/** What the submit button of a form tapped before the app shows, and the status line says. */
export const EARLY_TAP_BUSY_LABEL = 'Procesando…';

/**
 * The global the script keeps its taps in, for the app: `take()` gives the last form submitted and
 * the last other button tapped (each null if none), and from then on other buttons are the app's;
 * `done()` lets submits through again and puts back what the busy marks changed (the app shows its
 * own from here).
 */
export const EARLY_TAPS_GLOBAL = '__earlyTaps';

/** The rules of the busy marks, added to the page with the first kept submit. */
const style = () =>
  [
    'form[data-early-tap] [type=submit]{position:relative;color:transparent!important;pointer-events:none;cursor:progress;opacity:.75}',
    `form[data-early-tap] [type=submit]::after{content:${JSON.stringify(EARLY_TAP_BUSY_LABEL)};position:absolute;inset:0;display:flex;align-items:center;justify-content:center;color:var(--button-color,#fff)}`,
    'button[data-early-tap]{cursor:progress;opacity:.7}',
    '#early-tap-status{position:fixed;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}',
  ].join('');

/**
 * The script itself, as it goes into the HTML: the CSP's hash is of exactly this text, so it is
 * written out here, never rebuilt (a minifier would change a function's text). Built by a pure
 * call, so the app's bundle, which never needs it, leaves it out.
 */
export const EARLY_TAP_SCRIPT = /* @__PURE__ */ earlyTapScript();

function earlyTapScript(): string {
  return `(function(d){var kept={form:null,button:null},taken=false,off=false,marked=[],status;
function mark(el,attrs){for(var k in attrs){marked.push([el,k,el.getAttribute(k)]);el.setAttribute(k,attrs[k])}}
function busy(){if(!status){var s=d.createElement('style');s.textContent=${JSON.stringify(style())};d.head.appendChild(s);status=d.createElement('p');status.id='early-tap-status';status.setAttribute('role','status');d.body.appendChild(status)}var st=status;setTimeout(function(){if(st===status)st.textContent=${JSON.stringify(EARLY_TAP_BUSY_LABEL)}},0)}
d.addEventListener('submit',function(e){if(off)return;e.preventDefault();e.stopPropagation();var f=e.target;if(kept.form===f)return;kept.form=f;busy();mark(f,{'aria-busy':'true','data-early-tap':''});var b=f.querySelector('[type=submit]');if(b)mark(b,{'aria-label':${JSON.stringify(EARLY_TAP_BUSY_LABEL)},'aria-disabled':'true'})},true);
d.addEventListener('click',function(e){if(off||taken)return;var b=e.target.closest&&e.target.closest('button');if(!b||(b.type==='submit'&&b.form))return;kept.button=b;mark(b,{'aria-busy':'true','data-early-tap':''})},true);
function done(){off=true;marked.reverse().forEach(function(m){m[2]===null?m[0].removeAttribute(m[1]):m[0].setAttribute(m[1],m[2])});marked=[];if(status){status.remove();status=null}}
window.${EARLY_TAPS_GLOBAL}={take:function(){taken=true;return kept},done:done};
new MutationObserver(function(){if(d.documentElement.hasAttribute('data-ready')&&!taken)done()}).observe(d.documentElement,{attributes:true,attributeFilter:['data-ready']})})(document)`;
}
