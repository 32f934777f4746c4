/**
 * The settings dialog's "Online daily challenge" section: the opt-in to post daily results,
 * the display name, and in the desktop app the server's address (empty: offline; the web
 * build always posts to the site it came from). Each change goes to the session at once
 * (`set_online`); a refusal (a name that is too long, ...) shows the session's error under
 * the fields and leaves the typed text to mend.
 */
import { api, toAppError } from "../api";
import { errorText } from "../errors";
import { byId, setHidden } from "../hud";
import type { Online } from "./online";
import type { OnlineStatus } from "./types";

export class OnlineSettingsSection {
  private readonly section = byId("set-online");
  private readonly post = byId<HTMLInputElement>("set-online-post");
  private readonly name = byId<HTMLInputElement>("set-online-name");
  private readonly server = byId<HTMLInputElement>("set-online-server");
  private readonly error = byId("set-online-error");
  private readonly pending = byId("set-online-pending");
  /** The status the fields were last filled from. */
  private shown: OnlineStatus | null = null;
  private saving: Promise<void> = Promise.resolve();

  constructor(private readonly online: Online) {
    setHidden(byId("set-online-server-field"), !online.desktop);
    this.post.addEventListener("change", () => this.save());
    this.name.addEventListener("change", () => this.save());
    this.server.addEventListener("change", () => this.save());
    for (const input of [this.name, this.server]) input.addEventListener("input", () => setHidden(this.error, true));
    // a name typed and the dialog closed at once (Enter, Done) is still saved
    byId<HTMLDialogElement>("dlg-settings").addEventListener("close", () => {
      const s = this.shown;
      if (s && (this.name.value !== s.name || (online.desktop && this.server.value !== s.server))) this.save();
    });
    online.onStatus((s) => this.fill(s, false));
  }

  /** The settings dialog opened: the session's online settings in the fields. */
  open(): void {
    setHidden(this.error, true);
    this.online.current().then(
      (s) => this.fill(s, true),
      (e: unknown) => {
        // a shell without the online commands: no section
        console.warn("online: status", e);
        setHidden(this.section, true);
      },
    );
  }

  /** Fills the fields; text being typed is kept unless `all`. */
  private fill(s: OnlineStatus, all: boolean): void {
    this.shown = s;
    setHidden(this.section, false);
    this.post.checked = s.posting;
    if (all || document.activeElement !== this.name) this.name.value = s.name;
    if (all || document.activeElement !== this.server) this.server.value = s.server;
    const t = this.online.t();
    this.pending.textContent = t("online.pending", { n: s.pending });
    setHidden(this.pending, s.pending === 0);
  }

  private save(): void {
    const base = this.shown;
    if (!base) return;
    const wanted = {
      posting: this.post.checked,
      // NFC here: the web build's session takes names as given (online/Cargo.toml, `nfc`)
      name: this.name.value.trim().normalize("NFC"),
      server: this.online.desktop ? this.server.value.trim() : base.server,
    };
    this.saving = this.saving.then(async () => {
      try {
        const s = await api.setOnline(wanted);
        setHidden(this.error, true);
        this.online.setStatus(s);
        // posting just turned on, or a new server: what waits goes now
        if (s.posting) void this.online.sender.flush(true);
      } catch (e) {
        this.error.textContent = errorText(toAppError(e), this.online.t());
        setHidden(this.error, false);
        // the switch shows what the session kept; the typed text stays to be mended
        this.post.checked = this.shown?.posting ?? false;
        if (wanted.posting && !(this.shown?.posting ?? false)) this.name.focus();
      }
    });
  }
}
