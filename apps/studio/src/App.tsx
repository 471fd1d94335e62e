import { lazy, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router";
import DataElementEditor from "./dataElements/DataElementEditor.tsx";
import DataElementsPage from "./dataElements/DataElementsPage.tsx";
import EventsPage from "./events/EventsPage.tsx";
import ExtensionsPage from "./extensions/ExtensionsPage.tsx";
import Layout from "./layout/Layout.tsx";
import PropertyLayout from "./layout/PropertyLayout.tsx";
import PropertiesPage from "./properties/PropertiesPage.tsx";
import ProblemsPage from "./properties/ProblemsPage.tsx";
import PropertySettingsPage from "./properties/PropertySettingsPage.tsx";
import PreviewPage from "./preview/PreviewPage.tsx";
import AuditPage from "./publishing/AuditPage.tsx";
import EnvironmentsPage from "./publishing/EnvironmentsPage.tsx";
import LibrariesPage from "./publishing/LibrariesPage.tsx";
import LibraryPage from "./publishing/LibraryPage.tsx";
import RevisionsPage from "./publishing/RevisionsPage.tsx";
import BreakdownPage from "./reports/BreakdownPage.tsx";
import ReportsPage from "./reports/ReportsPage.tsx";
import RuleEditor from "./rules/RuleEditor.tsx";
import RulesPage from "./rules/RulesPage.tsx";
import { useSession } from "./session/SessionContext.tsx";
import SignInPage from "./session/SignInPage.tsx";
import UsersPage from "./users/UsersPage.tsx";

// The debugger panel and its QR code load with the session page, not with the studio.
const PreviewSessionPage = lazy(() => import("./preview/PreviewSessionPage.tsx"));
// Only event forwarding properties have these pages: one chunk, fetched when one opens.
const forwardingPages = () => import("./forwarding/forwardingPages.ts");
const DeliveriesPage = lazy(() => forwardingPages().then((m) => ({ default: m.DeliveriesPage })));
const DeliveryDetail = lazy(() => forwardingPages().then((m) => ({ default: m.DeliveryDetail })));
const ForwardingSettingsPage = lazy(() =>
  forwardingPages().then((m) => ({ default: m.ForwardingSettingsPage })),
);

const loading = (
  <p role="status" className="loading">
    Loading…
  </p>
);

export default function App() {
  const { session } = useSession();
  if (session === undefined)
    return (
      <p role="status" className="loading">
        Loading…
      </p>
    );
  if (session === null) return <SignInPage />;
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<PropertiesPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="properties/:pid" element={<PropertyLayout />}>
          <Route index element={<Navigate to="rules" replace />} />
          <Route path="settings" element={<PropertySettingsPage />} />
          <Route path="problems" element={<ProblemsPage />} />
          <Route path="rules" element={<RulesPage />} />
          <Route path="rules/:id" element={<RuleEditor />} />
          <Route path="data-elements" element={<DataElementsPage />} />
          <Route path="data-elements/:id" element={<DataElementEditor />} />
          <Route path="extensions" element={<ExtensionsPage />} />
          <Route path="libraries" element={<LibrariesPage />} />
          <Route path="libraries/:lid" element={<LibraryPage />} />
          <Route path="environments" element={<EnvironmentsPage />} />
          <Route
            path="deliveries"
            element={
              <Suspense fallback={loading}>
                <DeliveriesPage />
              </Suspense>
            }
          />
          <Route
            path="deliveries/:did"
            element={
              <Suspense fallback={loading}>
                <DeliveryDetail />
              </Suspense>
            }
          />
          <Route
            path="forwarding"
            element={
              <Suspense fallback={loading}>
                <ForwardingSettingsPage />
              </Suspense>
            }
          />
          <Route path="revisions" element={<RevisionsPage />} />
          <Route path="preview" element={<PreviewPage />} />
          <Route
            path="preview/:id"
            element={
              <Suspense
                fallback={
                  <p role="status" className="loading">
                    Loading…
                  </p>
                }
              >
                <PreviewSessionPage />
              </Suspense>
            }
          />
          <Route path="events" element={<EventsPage />} />
          <Route path="reports" element={<ReportsPage />} />
          <Route path="reports/breakdown" element={<BreakdownPage />} />
          <Route path="audit" element={<AuditPage />} />
        </Route>
        <Route path="*" element={<p>Page not found.</p>} />
      </Route>
    </Routes>
  );
}
