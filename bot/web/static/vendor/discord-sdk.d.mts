// The types the board page uses of the bundled Embedded App SDK (discord-sdk.mjs, built by
// bot/web/sdk): TypeScript reads this beside the minified bundle when it checks the page.
export class DiscordSDK {
  constructor(clientId: string, options?: { disableConsoleLogOverride?: boolean });
  readonly clientId: string;
  readonly instanceId: string;
  ready(): Promise<void>;
  commands: {
    authorize(args: {
      client_id: string;
      response_type: "code";
      state: string;
      prompt: "none";
      scope: string[];
    }): Promise<{ code: string }>;
    authenticate(args: { access_token: string }): Promise<unknown>;
  };
}
