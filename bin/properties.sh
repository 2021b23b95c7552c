# Sourced by bin/overtone and k8s/ci/smoke-image.sh, which take a service's ports from the file that sets them.
# property_of FILE KEY: KEY's value in a Quarkus application.properties, its %prod. value if it has one (what the
# packaged service reads); empty if the file sets neither.
property_of() {
  local line value= prod= entry='^[[:space:]]*(%prod\.)?([^=:[:space:]]+)[[:space:]]*[=:][[:space:]]*(.*[^[:space:]])?[[:space:]]*$'
  while IFS= read -r line || [[ -n $line ]]; do
    [[ $line =~ $entry && ${BASH_REMATCH[2]} == "$2" ]] || continue
    if [[ -n ${BASH_REMATCH[1]} ]]; then prod=${BASH_REMATCH[3]}; else value=${BASH_REMATCH[3]}; fi
  done <"$1"
  echo "${prod:-$value}"
}
