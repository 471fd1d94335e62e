import { useEffect, useRef } from "react";
import { Link, Outlet, useLocation } from "react-router";
import Can from "../session/Can.tsx";
import { useSession } from "../session/SessionContext.tsx";

/** The frame around every page once signed in: who is signed in, and a way out. */
export default function Layout() {
  const { session, signOut } = useSession();
  const { pathname } = useLocation();
  const content = useRef<HTMLDivElement>(null);
  const firstPage = useRef(true);
  // A client-side navigation keeps focus on the link that was followed; move it to the new
  // page so keyboard and screen-reader users start there (not on the first page load).
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    // A new page starts at its top, top bar included; focusing must not scroll past it.
    window.scrollTo(0, 0);
    content.current?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <div className="app">
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/" className="brand">
          Liftoff Studio
        </Link>
        <nav aria-label="Studio">
          <Link to="/">Properties</Link>
          <Link to="/audit">Audit log</Link>
          <Can role="admin">
            <Link to="/users">Users</Link>
          </Can>
        </nav>
        <span className="user">
          {session?.user.username} <span className="role">({session?.user.role})</span>
        </span>
        <button type="button" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <div id="content" tabIndex={-1} ref={content}>
        <Outlet />
      </div>
    </div>
  );
}
