import type { ExtensionManifest, PropertyState } from "@liftoff/schema";
import { useState } from "react";
import { useCan } from "../session/Can.tsx";
import AddExtensionForm from "./AddExtensionForm.tsx";

/**
 * What Liftoff ships (`GET /api/extensions`): each extension with its version, what it adds
 * and whether this property has it. Adding one opens its settings form first, so the
 * extension is installed with what it needs; an installed one links to its settings below.
 */
export default function ExtensionCatalog({
  pid,
  state,
  catalog,
}: {
  pid: string;
  state: PropertyState;
  catalog: readonly ExtensionManifest[];
}) {
  const installed = state.document.extensions;
  const canEdit = useCan("editor");
  const [adding, setAdding] = useState<string | null>(null);
  return (
    <section aria-labelledby="catalog-heading">
      <h2 id="catalog-heading">Catalogue</h2>
      <ul className="extension-catalog">
        {catalog.map((m) => {
          const isInstalled = installed.some((x) => x.name === m.name);
          return (
            <li
              key={m.name}
              // An open settings form takes the whole row: the narrow card would squeeze it.
              className={adding === m.name ? "card adding" : "card"}
              aria-labelledby={`catalog-${m.name}`}
            >
              <h3 id={`catalog-${m.name}`}>
                {m.displayName} <span className="muted">{m.version}</span>
              </h3>
              {m.description && <p>{m.description}</p>}
              <p className={isInstalled ? "installed" : "muted"}>
                {isInstalled ? "Installed" : "Not installed"}
              </p>
              {isInstalled ? (
                <a href={`#extension-${m.name}`} aria-label={`Configure ${m.displayName}`}>
                  Configure
                </a>
              ) : (
                canEdit &&
                adding !== m.name && (
                  <button
                    type="button"
                    aria-label={`Add ${m.displayName}`}
                    onClick={() => setAdding(m.name)}
                  >
                    Add
                  </button>
                )
              )}
              {adding === m.name && !isInstalled && (
                <AddExtensionForm
                  pid={pid}
                  state={state}
                  manifest={m}
                  onDone={() => setAdding(null)}
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
