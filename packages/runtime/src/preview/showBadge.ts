/**
 * The small fixed badge a previewed page shows: "Liftoff preview · <label>" and a button that
 * ends preview in this tab (forgets the session and reloads: the published library runs).
 * It lives in a shadow root so the site's CSS cannot restyle or hide it.
 */
export default function showBadge(label: string, end: () => void): void {
  const host = document.createElement("liftoff-preview-badge");
  const root = host.attachShadow({ mode: "open" });
  root.innerHTML = `<style>
:host{all:initial}
div{position:fixed;z-index:2147483647;right:12px;bottom:12px;display:flex;gap:8px;align-items:center;
padding:6px 8px 6px 12px;border-radius:8px;background:#1d1d3a;color:#fff;font:13px/1.4 system-ui,sans-serif;
box-shadow:0 2px 8px rgba(0,0,0,.3);box-sizing:border-box;max-width:calc(100vw - 24px)}
span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
button{flex:none;white-space:nowrap;font:inherit;color:#1d1d3a;background:#fff;border:0;border-radius:6px;padding:4px 10px;cursor:pointer}
button:focus-visible{outline:3px solid #8ab4ff;outline-offset:2px}
</style><div role="status"><span></span><button type="button" aria-label="End preview and return to the published site">End preview</button></div>`;
  root.querySelector("span")!.textContent = `Liftoff preview · ${label}`;
  root.querySelector("button")!.addEventListener("click", end);
  const mount = () => document.documentElement.appendChild(host);
  if (document.body) mount();
  else addEventListener("DOMContentLoaded", mount);
}
