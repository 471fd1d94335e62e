import type {
  ExtensionManifest,
  JsonSettings,
  PropertyExtension,
  PropertyState,
} from "@liftoff/schema";
import { SETTINGS_RESOURCE_ID } from "@liftoff/schema";
import { useState, type FormEvent } from "react";
import MutationError from "../forms/MutationError.tsx";
import SettingsForm from "../forms/SettingsForm.tsx";
import { resourceOf, usePropertyChange } from "../properties/useProperty.ts";
import { useApi } from "../session/SessionContext.tsx";

/**
 * An extension's settings before it is installed: the form from its manifest, then one save
 * that adds it (no revision: the extension is new). An extension that needs the property's
 * org id (the Web SDK) asks for it here when the property has none, and saves it to the
 * property's settings first. Problems left in the settings show on the installed form.
 */
export default function AddExtensionForm({
  pid,
  state,
  manifest,
  onDone,
}: {
  pid: string;
  state: PropertyState;
  manifest: ExtensionManifest;
  onDone: () => void;
}) {
  const api = useApi();
  const [settings, setSettings] = useState<JsonSettings>({});
  const [orgId, setOrgId] = useState("");
  const asksOrgId = manifest.needsOrgId === true && !state.document.company.orgId;
  const install = usePropertyChange(pid, async (extension: PropertyExtension) => {
    if (asksOrgId)
      await api.properties.saveSettings(pid, {
        revision: resourceOf(state, "settings", SETTINGS_RESOURCE_ID)?.revision ?? 1,
        company: { orgId: orgId.trim() },
      });
    return api.properties.saveExtension(pid, undefined, extension);
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    install.mutate(
      {
        name: manifest.name,
        displayName: manifest.displayName,
        version: manifest.version,
        settings,
      },
      { onSuccess: onDone },
    );
  };
  const prefix = `add-${manifest.name}`;
  return (
    <form onSubmit={submit} aria-label={`Add ${manifest.displayName}`}>
      {asksOrgId && (
        <div className="field">
          <label htmlFor={`${prefix}-org`}>Organization id</label>
          <input
            id={`${prefix}-org`}
            required
            aria-describedby={`${prefix}-org-hint`}
            pattern="[A-Za-z0-9]+@AdobeOrg"
            placeholder="ABCDEF0123456789ABCDEF01@AdobeOrg"
            value={orgId}
            onChange={(e) => setOrgId(e.target.value)}
          />
          <p id={`${prefix}-org-hint`} className="hint">
            The {manifest.displayName} needs your Adobe org id: its events and identity cookies are
            tied to it. It is saved to the property settings.
          </p>
        </div>
      )}
      <SettingsForm
        idPrefix={prefix}
        schema={manifest.settings}
        value={settings}
        onChange={setSettings}
      />
      <MutationError error={install.error} />
      <div className="actions">
        <button type="submit" disabled={install.isPending}>
          Add {manifest.displayName}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
