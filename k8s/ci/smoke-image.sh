#!/usr/bin/env bash
# Smoke-tests one Overtone service image the way Kubernetes runs it: read-only root
# filesystem with a writable /tmp, user 1001, every capability dropped. Passes when
# /q/health/ready answers UP on the HTTP port within the deadline, gRPC reflection on
# the gRPC port (grpc-java's own server) lists the service, and the image can run the
# preStop hook's sleep.
#
#   k8s/ci/smoke-image.sh <service> <grpc service> <image>
#   k8s/ci/smoke-image.sh clarify-svc overtone.v1.ClarifyService overtone/clarify-svc:ci
#
# The ports are the service's own, quarkus.grpc.server.port and quarkus.http.port in its
# application.properties (run from the checkout root). Needs docker, curl and grpcurl.
# clarify-svc gets a throwaway PostgreSQL (its readiness includes the database).
set -euo pipefail

service=$1 grpc_service=$2 image=$3
# shellcheck source=../../bin/properties.sh
. "$(dirname "$0")/../../bin/properties.sh"
properties=$service/src/main/resources/application.properties
grpc_port=$(property_of "$properties" quarkus.grpc.server.port)
http_port=$(property_of "$properties" quarkus.http.port)
[[ $grpc_port =~ ^[0-9]+$ && $http_port =~ ^[0-9]+$ ]] ||
  { echo "FAIL: $properties sets no port numbers (gRPC '$grpc_port', HTTP '$http_port')"; exit 1; }
echo "$service: gRPC on $grpc_port, HTTP on $http_port ($properties)"
deadline_s=${SMOKE_DEADLINE_S:-120}
network=overtone-smoke-$$
container=smoke-$service-$$
pg=smoke-pg-$$

cleanup() {
  docker logs "$container" > "smoke-$service.log" 2>&1 || true
  docker rm -f "$container" "$pg" > /dev/null 2>&1 || true
  docker network rm "$network" > /dev/null 2>&1 || true
}
trap cleanup EXIT

docker network create "$network" > /dev/null
extra_env=(-e OVERTONE_HOME=/tmp/overtone)
if [ "$service" = clarify-svc ]; then
  docker run -d --name "$pg" --network "$network" \
    -e POSTGRES_USER=overtone -e POSTGRES_PASSWORD=overtone -e POSTGRES_DB=overtone postgres:17 > /dev/null
  extra_env+=(-e OVERTONE_PG_HOST="$pg" -e OVERTONE_PG_PORT=5432
              -e OVERTONE_PG_USER=overtone -e OVERTONE_PG_PASSWORD=overtone)
fi

docker run -d --name "$container" --network "$network" -p "$grpc_port:$grpc_port" -p "$http_port:$http_port" \
  --read-only --tmpfs /tmp:rw,exec,size=256m --user 1001 --cap-drop ALL \
  --security-opt no-new-privileges "${extra_env[@]}" "$image" > /dev/null

started=$(date +%s)
until curl -fsS "http://localhost:$http_port/q/health/ready" > /dev/null 2>&1; do
  if [ "$(docker inspect -f '{{.State.Running}}' "$container")" != true ]; then
    echo "FAIL: $service exited before it was ready"; docker logs "$container" | tail -50; exit 1
  fi
  if [ $(( $(date +%s) - started )) -ge "$deadline_s" ]; then
    echo "FAIL: $service not ready within ${deadline_s}s"
    curl -sS "http://localhost:$http_port/q/health/ready" || true
    docker logs "$container" | tail -50; exit 1
  fi
  sleep 1
done
echo "$service ready after $(( $(date +%s) - started ))s"

curl -fsS "http://localhost:$http_port/q/health/live" > /dev/null
curl -fsS "http://localhost:$http_port/q/metrics" | grep -q '^# TYPE' || { echo "FAIL: no Prometheus metrics"; exit 1; }
services=$(grpcurl -plaintext "localhost:$grpc_port" list)
echo "$services"
grep -qx "$grpc_service" <<< "$services" || { echo "FAIL: reflection does not list $grpc_service"; exit 1; }
grpcurl -plaintext "localhost:$grpc_port" describe "$grpc_service" > /dev/null
# the pods' preStop hook runs `sleep 5` in this image (k8s/base, lifecycle.preStop): it must have the binary
docker run --rm --entrypoint sleep --read-only --user 1001 --cap-drop ALL "$image" 0 ||
  { echo "FAIL: the image has no sleep for the preStop hook"; exit 1; }
echo "RSS after start: $(docker stats --no-stream --format '{{.MemUsage}}' "$container")"
echo "PASS: $service"
