// The W3C WebVTT validator's parser ships without types; only what the tests use is declared.
declare module 'webvtt-parser' {
  export interface WebVTTNode {
    type: 'text' | 'object' | 'timestamp';
    name?: string;
    value?: string;
    children?: WebVTTNode[];
  }
  export interface WebVTTCue {
    startTime: number;
    endTime: number;
    text: string;
    tree: { children: WebVTTNode[] };
  }
  export class WebVTTParser {
    constructor(entities?: Record<string, string>);
    parse(
      input: string,
      mode?: 'metadata' | 'chapters',
    ): {
      cues: WebVTTCue[];
      errors: Array<{ message: string; line: number }>;
    };
  }
}
