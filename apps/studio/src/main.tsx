import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { ApiError } from "./api/ApiError.ts";
import { createApiClient } from "./api/createApiClient.ts";
import { createStudioApi } from "./api/createStudioApi.ts";
import App from "./App.tsx";
import ConfirmProvider from "./confirm/ConfirmProvider.tsx";
import SessionProvider from "./session/SessionProvider.tsx";
import "./styles.css";

const lostListeners = new Set<() => void>();
const api = createStudioApi(
  createApiClient({ onUnauthorized: () => lostListeners.forEach((listener) => listener()) }),
);
const lost = (listener: () => void) => {
  lostListeners.add(listener);
  return () => void lostListeners.delete(listener);
};

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // 4xx answers will not change by asking again; network blips might.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

// A data router, so editors can hold in-app navigation while they have unsaved edits
// (useBlocker); App's own <Routes> do the matching below it.
const router = createBrowserRouter([{ path: "*", element: <App /> }], { basename: "/studio" });

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SessionProvider api={api} lost={lost}>
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
      </SessionProvider>
    </QueryClientProvider>
  </StrictMode>,
);
